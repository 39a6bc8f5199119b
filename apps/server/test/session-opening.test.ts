import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_POSITION_HEADER, SESSION_OPENING_READ_PATHS } from '@replay/contracts';
import { createTestApp, type TestApp } from './support/app';
import { bearer, refresh, refreshCookieOf, signup, signupBody } from './support/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const open = (token: string, reads: string) => t.app.inject({ method: 'GET', url: `/api/refresh?with=${encodeURIComponent(reads)}`, cookies: { refresh_token: token } });

describe('GET /api/refresh?with=… (a signed-in page’s first reads, carried by its session’s opening)', () => {
  it('answers each read as the call itself answers it with the new token: status, body, the headers the app reads', async () => {
    const owner = await signup(t);
    const res = await open(owner.refresh, 'public-config,account,instances');
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { jwt: string; reads: Record<string, { status: number; headers: Record<string, string>; body: unknown }> } };
    expect(Object.keys(data.reads).sort()).toEqual(['account', 'instances', 'public-config']);
    for (const [name, path] of Object.entries(SESSION_OPENING_READ_PATHS)) {
      const direct = await t.app.inject({ method: 'GET', url: path, headers: bearer(data.jwt) });
      expect(data.reads[name], name).toMatchObject({ status: direct.statusCode, body: direct.json() });
    }
    expect((data.reads.account!.body as { data: { email: string } }).data.email).toBe(owner.email);
    expect(data.reads.instances!.headers[LIVE_POSITION_HEADER]).toMatch(/\S/);
    // The session opened as without reads: the cookie rotated, the token works.
    expect(refreshCookieOf(res)).not.toBe(owner.refresh);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(data.jwt) })).statusCode).toBe(200);
  });

  it('answers only the token without `with`, as before', async () => {
    const owner = await signup(t);
    const res = await refresh(t, owner.refresh);
    expect(res.statusCode).toBe(200);
    expect(Object.keys((res.json() as { data: object }).data)).toEqual(['jwt']);
  });

  it('refuses a read it does not know with a 400 that names the reads, and leaves the session as it was', async () => {
    const owner = await signup(t);
    for (const reads of ['account,members', '/api/team', '', 'account,,instances']) {
      const res = await open(owner.refresh, reads);
      expect(res.statusCode, reads).toBe(400);
      expect(res.body).toContain('with lists reads among: public-config, account, instances');
      expect(refreshCookieOf(res), reads).toBeUndefined();
    }
    // The cookie was not spent: it still opens the session.
    expect((await refresh(t, owner.refresh)).statusCode).toBe(200);
  });

  it('answers a refused session with its 401 and no read', async () => {
    const res = await open('not-a-session', 'account');
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('reads');
  });

  it('reads the session’s own account, never another’s', async () => {
    const ada = await signup(t);
    const bob = await signup(t);
    const res = await open(bob.refresh, 'account');
    const body = (res.json() as { data: { reads: { account: { body: { data: { email: string } } } } } }).data.reads.account.body.data;
    expect(body.email).toBe(bob.email);
    expect(body.email).not.toBe(ada.email);
  });
});

describe('behind a proxy, on a console that answers only its public host (not embedded)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    // The test database is handed in; DATABASE_URL only switches embedded mode off.
    proxied = await createTestApp({ DATABASE_URL: 'postgres://unused.invalid/console', PUBLIC_URL: 'https://console.example.com', TRUST_PROXY: 'true' });
  });
  afterAll(() => proxied.close());

  it('makes the reads to the host the refresh came to, as the caller', async () => {
    const host = 'console.example.com';
    const headers = { host, 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' };
    const signedUp = await proxied.app.inject({ method: 'POST', url: '/api/signup', headers, payload: signupBody() });
    expect(signedUp.statusCode).toBe(201);
    const res = await proxied.app.inject({ method: 'GET', url: '/api/refresh?with=account,instances', headers, cookies: { refresh_token: refreshCookieOf(signedUp)! } });
    expect(res.statusCode).toBe(200);
    const { reads } = (res.json() as { data: { reads: Record<string, { status: number }> } }).data;
    expect(reads.account!.status).toBe(200);
    expect(reads.instances!.status).toBe(200);
  });
});
