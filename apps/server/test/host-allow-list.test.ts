import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseEnv } from '../src/config/env';
import { users } from '../src/db/schema';
import { hostMatcher, MISDIRECTED_MESSAGE } from '../src/plugins/host-allow-list';
import { createTestApp, type TestApp } from './support/app';
import { signupBody } from './support/auth';

/**
 * DNS rebinding: a page on attacker.example has its name resolve to this
 * server, and reads the answers as its own origin. The Host header still says
 * attacker.example, and the console must not answer it.
 */

describe('embedded mode: PUBLIC_URL and the loopback names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://console.example.com' });
    await t.runtime.ctx.mailer.queue(t.runtime.ctx.db, { to: 'someone@example.com', subject: 'Reset', text: 'https://console.example.com/reset-password?token=secret' });
  });
  afterAll(() => t.close());

  it.each(['/outbox.json', '/outbox', '/api/health', '/', '/api/nothing-here'])('refuses %s for Host attacker.example with 421, before any route runs', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host: 'attacker.example' } });
    expect(res.statusCode).toBe(421);
    expect(res.json()).toEqual({ errors: [MISDIRECTED_MESSAGE], code: 'misdirected' });
    expect(res.body).not.toContain('token=secret');
  });

  it('a refused call changes nothing: a sign-up sent to another host creates no account', async () => {
    const body = signupBody();
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', headers: { host: 'attacker.example:3000' }, payload: body });
    expect(res.statusCode).toBe(421);
    expect(await t.runtime.ctx.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  it.each(['console.example.com', 'CONSOLE.example.com', 'console.example.com:443', 'localhost:80', 'localhost:5173', '127.0.0.1:3000', '[::1]:3000'])('answers Host %s', async (host) => {
    const res = await t.app.inject({ method: 'GET', url: '/outbox.json', headers: { host } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].text).toContain('token=secret');
  });

  it.each(['console.example.com:8443', 'console.example.com.attacker.example', 'localhost.attacker.example', '127.0.0.2:3000', 'console.example.com:443:1'])('refuses Host %j', async (host) => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health', headers: { host } })).statusCode).toBe(421);
  });
});

describe('on PostgreSQL (not embedded): only PUBLIC_URL, and never X-Forwarded-Host', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The test database is handed in; DATABASE_URL only switches embedded mode off.
    t = await createTestApp({ DATABASE_URL: 'postgres://unused.invalid/console', PUBLIC_URL: 'https://console.example.com', TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('answers the public host and refuses the loopback names', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'console.example.com' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'localhost:80' } })).statusCode).toBe(421);
    expect((await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: '127.0.0.1' } })).statusCode).toBe(421);
  });

  it('a forwarded host does not stand in for the real one, even behind a trusted proxy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'attacker.example', 'x-forwarded-host': 'console.example.com' } });
    expect(res.statusCode).toBe(421);
  });
});

describe('the rule itself', () => {
  it('a request without a Host header is refused', () => {
    expect(hostMatcher(parseEnv({}))(undefined)).toBe(false);
  });

  it('without PUBLIC_URL the default address http://localhost:PORT is the one answered', () => {
    const allowed = hostMatcher(parseEnv({ DATABASE_URL: 'postgres://db.invalid/x', PORT: '3100' }));
    expect(allowed('localhost:3100')).toBe(true);
    expect(allowed('localhost:3101')).toBe(false);
    expect(allowed('localhost')).toBe(false);
  });
});
