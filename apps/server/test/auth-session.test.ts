import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@replay/contracts';
import { refreshTokens, users } from '../src/db/schema';
import { signAccessToken } from '../src/lib/access-token';
import { createTestApp, type TestApp } from './support/app';
import { bearer, refresh, refreshCookieOf, signup } from './support/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const tokensOf = (userId: string) =>
  t.runtime.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId));

describe('GET /api/refresh', () => {
  it('rotates: a new access token and a new cookie in the same family, the old token marked used', async () => {
    const owner = await signup(t);
    const res = await refresh(t, owner.refresh);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(Object.keys(data)).toEqual(['jwt']);
    const next = refreshCookieOf(res);
    expect(next).toBeTruthy();
    expect(next).not.toBe(owner.refresh);
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(data.jwt) });
    expect(account.statusCode).toBe(200);

    const rows = await tokensOf(owner.user.userId);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
    expect(rows.filter((r) => r.usedAt !== null)).toHaveLength(1);

    expect((await refresh(t, next)).statusCode).toBe(200);
  });

  it('answers 401 without a cookie, and for an unknown one', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await refresh(t, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errors: [AUTH_MESSAGES.sessionExpired] });
    }
  });

  it('revokes the whole family when a used token comes back: the newest token fails too', async () => {
    const owner = await signup(t);
    const second = refreshCookieOf(await refresh(t, owner.refresh))!;
    const reuse = await refresh(t, owner.refresh);
    expect(reuse.statusCode).toBe(401);
    // The cookie the thief presented is dropped.
    expect(reuse.cookies.find((c) => c.name === 'refresh_token')?.value).toBe('');
    expect((await refresh(t, second)).statusCode).toBe(401);
    const rows = await tokensOf(owner.user.userId);
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('lets only one of two simultaneous uses of one token succeed', async () => {
    const owner = await signup(t);
    const results = await Promise.all([refresh(t, owner.refresh), refresh(t, owner.refresh)]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 401]);
  });

  it('refuses an expired refresh token', async () => {
    const owner = await signup(t);
    t.clock.advance(31 * DAY);
    expect((await refresh(t, owner.refresh)).statusCode).toBe(401);
  });

  it('refuses a token of a removed user and revokes its family', async () => {
    const owner = await signup(t);
    await t.runtime.ctx.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, owner.user.userId));
    expect((await refresh(t, owner.refresh)).statusCode).toBe(401);
    expect((await tokensOf(owner.user.userId)).every((r) => r.revokedAt !== null)).toBe(true);
  });
});

describe('GET /api/logout', () => {
  it('revokes the family and clears the cookie', async () => {
    const owner = await signup(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/logout', cookies: { refresh_token: owner.refresh } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });
    const cleared = res.cookies.find((c) => c.name === 'refresh_token')!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/api');
    expect((await refresh(t, owner.refresh)).statusCode).toBe(401);
    expect((await tokensOf(owner.user.userId)).every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('answers ok without a cookie too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });
  });
});

describe('access tokens', () => {
  it('expire after ACCESS_TOKEN_TTL_SECONDS', async () => {
    const owner = await signup(t);
    t.clock.advance(901 * 1000);
    const res = await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(owner.jwt) });
    expect(res.statusCode).toBe(401);
  });

  it('stop working once the user is removed (401, not 403)', async () => {
    const owner = await signup(t);
    await t.runtime.ctx.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, owner.user.userId));
    const res = await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(owner.jwt) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: [AUTH_MESSAGES.sessionExpired] });
  });

  it('are refused when signed with another key', async () => {
    const owner = await signup(t);
    const forged = await signAccessToken(
      { userId: owner.user.userId, tenantId: owner.user.tenantId },
      new TextEncoder().encode('another-secret-another-secret-another'),
      900,
      t.clock.now(),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(forged) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
  });
});
