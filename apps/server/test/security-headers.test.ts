import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { parseEnv } from '../src/config/env';
import { mailOutbox } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { createTestApp, type TestApp } from './support/app';
import { bearer, login, refresh, signup, STRONG_PASSWORD, type SignedIn } from './support/auth';
import { cspOf } from './support/csp';

/** A built SPA of two files, so the static answers are tested as served. */
const web = mkdtempSync(join(tmpdir(), 'web-dist-'));
mkdirSync(join(web, 'assets'));
writeFileSync(join(web, 'index.html'), '<!doctype html><title>Console</title><script type="module" src="/assets/app-1a2b3c.js"></script>');
writeFileSync(join(web, 'assets', 'app-1a2b3c.js'), 'export {};');

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: web });
  owner = await signup(t);
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

describe('security headers on every answer', () => {
  const pages: [string, InjectOptions, number][] = [
    ['the SPA', { method: 'GET', url: '/' }, 200],
    ['a client route', { method: 'GET', url: '/invitation?token=abc' }, 200],
    ['the outbox', { method: 'GET', url: '/outbox.json' }, 200],
    ['a request for another host', { method: 'GET', url: '/', headers: { host: 'attacker.example' } }, 421],
  ];
  const api: [string, InjectOptions, number][] = [
    ['an API answer', { method: 'GET', url: '/api/health' }, 200],
    ['an unknown API path', { method: 'GET', url: '/api/nothing-here' }, 404],
    ['a refused API call', { method: 'GET', url: '/api/account' }, 401],
    ['a malformed API call', { method: 'POST', url: '/api/login', payload: { email: 'not-an-email' } }, 400],
    ['an API call for another host', { method: 'GET', url: '/api/health', headers: { host: 'attacker.example' } }, 421],
  ];

  function expectCommon(res: LightMyRequestResponse) {
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  }

  it.each(pages)('%s: CSP without inline script, no framing, nosniff, no Referer, no HSTS over http', async (_name, request, status) => {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(status);
    const csp = cspOf(res);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    // The browser's direct health check calls the instances' addresses (the local driver's: localhost).
    expect(csp['connect-src']).toEqual(["'self'", 'http://localhost:*']);
    expectCommon(res);
  });

  it.each(api)('%s: a policy that loads and runs nothing and is framed by no one, nosniff, no Referer, never stored', async (_name, request, status) => {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(status);
    const csp = cspOf(res);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toBeUndefined();
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(res.headers['cache-control']).toBe('no-store');
    expectCommon(res);
  });

  it.each([
    ['an asset', '/assets/app-1a2b3c.js', 200, 'public, max-age=31536000, immutable'],
    ['a missing asset', '/assets/app-gone.js', 404, 'no-store'],
  ])('%s: the short set of a file, never a page: loads and runs nothing opened as one, this origin only', async (_name, url, status, cache) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    const csp = cspOf(res);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toBeUndefined();
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe(cache);
    expectCommon(res);
    // The page's own headers stay with the page: none of helmet's dozen beyond these.
    expect(res.headers['x-permitted-cross-domain-policies']).toBeUndefined();
  });

  it('the outbox page has its own stricter policy: no script at all, never framed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/outbox' });
    expect(res.statusCode).toBe(200);
    const csp = cspOf(res);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toBeUndefined();
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('caching', () => {
  const noStore = (res: LightMyRequestResponse) => expect(res.headers['cache-control']).toBe('no-store');

  it('token-bearing answers are never stored: sign-up, login, refresh, password reset', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { fullname: 'Cache Tester', organizationName: 'C', email: `cache.${newId()}@example.com`, password: STRONG_PASSWORD },
    });
    expect(created.statusCode).toBe(201);
    noStore(created);

    const signedIn = await login(t, owner.email, owner.password);
    expect(signedIn.statusCode).toBe(200);
    noStore(signedIn);

    const refreshed = await refresh(t, owner.refresh);
    expect(refreshed.statusCode).toBe(200);
    noStore(refreshed);

    await t.app.inject({ method: 'POST', url: '/api/password/reset-link', payload: { email: owner.email } });
    const [mail] = await t.runtime.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    const token = new URL(mail!.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)![0]).searchParams.get('token')!;
    const reset = await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password: 'An0ther!Passw0rd' } });
    expect(reset.statusCode).toBe(200);
    noStore(reset);
  });

  it('every other API answer too, the instance login-token route and errors included', async () => {
    const signedIn = (await login(t, owner.email, 'An0ther!Passw0rd')).json().data.jwt as string;
    for (const url of ['/api/health', '/api/account', `/api/managed-saas/instances/${newId()}/jwt`, '/api/nothing-here']) {
      noStore(await t.app.inject({ method: 'GET', url, headers: bearer(signedIn) }));
    }
    noStore(await t.app.inject({ method: 'GET', url: '/outbox.json' }));
  });

  it('static files keep their own policy: assets immutable, the page revalidated', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'GET', url: '/account' })).headers['cache-control']).toBe('no-cache');
  });
});

describe('the files’ wildcard', () => {
  it('leaves an /api path no route matched to the API’s 404 (a parameter too long for the router)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/client/members/${'a'.repeat(5000)}/reset`, headers: bearer(owner.jwt) });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0]).toMatch(/^No route GET \/api\/client\/members\//);
  });
});

describe('settings that change the headers', () => {
  it('HSTS when the public address is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://console.example.com' });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'console.example.com' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await https.close();
    }
  });

  it('FRAME_ANCESTORS lets the named pages frame the console (the ?iframe mode), and drops X-Frame-Options', async () => {
    const framed = await createTestApp({ FRAME_ANCESTORS: 'https://portal.example.com, https://intranet.example.org:8443' });
    try {
      const res = await framed.app.inject({ method: 'GET', url: '/' });
      expect(cspOf(res)['frame-ancestors']).toEqual(['https://portal.example.com', 'https://intranet.example.org:8443']);
      expect(res.headers['x-frame-options']).toBeUndefined();
    } finally {
      await framed.close();
    }
  });

  it.each(['https://portal.example.com/path', "'self'", '*', 'https://portal.example.com; script-src *', 'javascript:alert(1)'])(
    'FRAME_ANCESTORS refuses %s at start: only bare origins go into the policy',
    (value) => {
      expect(() => parseEnv({ FRAME_ANCESTORS: value })).toThrow(/FRAME_ANCESTORS/);
    },
  );

  it('with a captcha, the policy lets reCAPTCHA load its script and frame, and nothing else', async () => {
    const captcha = await createTestApp({ CAPTCHA_SITE_KEY: 'site', CAPTCHA_SECRET: 'secret' });
    try {
      const csp = cspOf(await captcha.app.inject({ method: 'GET', url: '/' }));
      expect(csp['script-src']).toEqual(["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']);
      expect(csp['frame-src']).toEqual(['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']);
    } finally {
      await captcha.close();
    }
  });
});
