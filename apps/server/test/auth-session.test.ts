import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { AUTH_MESSAGES, SESSION_HINT_COOKIE } from '@replay/contracts';
import { mailOutbox, refreshTokens, users } from '../src/db/schema';
import { signAccessToken } from '../src/lib/access-token';
import { REFRESH_REUSE_GRACE_MS } from '../src/modules/auth/session.service';
import { createPeerApp, createTestApp, type TestApp } from './support/app';
import { bearer, freshAddress, refresh, refreshCookieOf, signup, signupBody } from './support/auth';
import { sessionsOf } from './support/team';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const tokensOf = (userId: string) => t.runtime.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId));
/** For each of the user's sessions, oldest first, whether it was revoked. */
const revokedOf = async (userId: string) => (await sessionsOf(t, userId)).map((s) => s.revokedAt !== null);

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

describe('the session hint cookie (a visit without a session makes no failing refresh call)', () => {
  it('comes with the refresh cookie: readable by the page, no secret, same lifetime; the refresh cookie stays httpOnly', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: signupBody(), remoteAddress: freshAddress() });
    expect(res.statusCode).toBe(201);
    const token = cookieOf(res, 'refresh_token')!;
    const hint = cookieOf(res, SESSION_HINT_COOKIE)!;
    expect(token).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect(hint).toMatchObject({ value: '1', sameSite: 'Strict', path: '/', maxAge: token.maxAge });
    expect(hint.httpOnly).toBeFalsy();

    const rotated = await refresh(t, token.value);
    expect(rotated.statusCode).toBe(200);
    expect(cookieOf(rotated, SESSION_HINT_COOKIE)).toMatchObject({ value: '1', path: '/', maxAge: token.maxAge });
  });

  it('is cleared with the refresh cookie: on logout and on a refused refresh', async () => {
    const owner = await signup(t);
    const out = await t.app.inject({ method: 'GET', url: '/api/logout', cookies: { refresh_token: owner.refresh } });
    expect(cookieOf(out, SESSION_HINT_COOKIE)).toMatchObject({ value: '', path: '/' });
    const refused = await refresh(t, owner.refresh);
    expect(refused.statusCode).toBe(401);
    expect(cookieOf(refused, SESSION_HINT_COOKIE)).toMatchObject({ value: '', path: '/' });
  });
});

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
      expect(res.json()).toEqual({ errors: [AUTH_MESSAGES.sessionExpired], code: 'session_expired' });
    }
  });

  it('revokes the whole family when a used token comes back after the grace: the newest token fails too', async () => {
    const owner = await signup(t);
    const second = refreshCookieOf(await refresh(t, owner.refresh))!;
    t.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
    const reuse = await refresh(t, owner.refresh);
    expect(reuse.statusCode).toBe(401);
    // The cookie the thief presented is dropped.
    expect(reuse.cookies.find((c) => c.name === 'refresh_token')?.value).toBe('');
    expect((await refresh(t, second)).statusCode).toBe(401);
    expect(await revokedOf(owner.user.userId)).toEqual([true]);
  });

  it('lets two tabs refresh with the same token at the same moment, both staying signed in in one session', async () => {
    const owner = await signup(t);
    const results = await Promise.all([refresh(t, owner.refresh), refresh(t, owner.refresh)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    for (const r of results) {
      expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(r.json().data.jwt) })).statusCode).toBe(200);
      expect((await refresh(t, refreshCookieOf(r))).statusCode).toBe(200);
    }
    expect(await revokedOf(owner.user.userId)).toEqual([false]);
  });

  it('still honours a just-spent token within the grace, and treats it as stolen after', async () => {
    const owner = await signup(t);
    expect((await refresh(t, owner.refresh)).statusCode).toBe(200);
    t.clock.advance(REFRESH_REUSE_GRACE_MS - 1000);
    expect((await refresh(t, owner.refresh)).statusCode).toBe(200);
    t.clock.advance(2000);
    expect((await refresh(t, owner.refresh)).statusCode).toBe(401);
    // The session is over: its access token dies at once.
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(owner.jwt) })).statusCode).toBe(401);
    expect(await revokedOf(owner.user.userId)).toEqual([true]);
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
    expect(await revokedOf(owner.user.userId)).toEqual([true]);
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
    expect(await revokedOf(owner.user.userId)).toEqual([true]);
  });

  it('ends the access token at once, on this console and on another one sharing the database', async () => {
    const owner = await signup(t);
    const peer = await createPeerApp(t);
    try {
      const account = (app: typeof t.app) => app.inject({ method: 'GET', url: '/api/account', headers: bearer(owner.jwt) });
      const list = (app: typeof t.app) => app.inject({ method: 'GET', url: '/api/managed-saas/instances', headers: bearer(owner.jwt) });
      for (const app of [t.app, peer.app]) {
        expect((await account(app)).statusCode).toBe(200);
        expect((await list(app)).statusCode).toBe(200);
      }
      const out = await peer.app.inject({ method: 'GET', url: '/api/logout', cookies: { refresh_token: owner.refresh } });
      expect(out.statusCode).toBe(200);
      for (const app of [t.app, peer.app]) {
        expect((await account(app)).statusCode).toBe(401);
        // The instances list reads its caller in its own statement: the same rule holds there.
        expect((await list(app)).statusCode).toBe(401);
      }
    } finally {
      await peer.close();
    }
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
    expect(res.json()).toEqual({ errors: [AUTH_MESSAGES.sessionExpired], code: 'session_expired' });
  });

  it('are refused when signed with another key', async () => {
    const owner = await signup(t);
    const [session] = await sessionsOf(t, owner.user.userId);
    const forged = await signAccessToken(
      { userId: owner.user.userId, tenantId: owner.user.tenantId, sessionId: session!.id },
      new TextEncoder().encode('another-secret-another-secret-another'),
      900,
      t.clock.now(),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(forged) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
  });
});

describe('sessions end everywhere at once', () => {
  it('a token of a session revoked for refresh-token reuse is refused by a second console on the next request', async () => {
    const owner = await signup(t);
    const peer = await createPeerApp(t);
    try {
      const get = () => peer.app.inject({ method: 'GET', url: '/api/account', headers: bearer(owner.jwt) });
      expect((await get()).statusCode).toBe(200);
      expect((await refresh(t, owner.refresh)).statusCode).toBe(200);
      t.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
      expect((await refresh(t, owner.refresh)).statusCode).toBe(401);
      expect((await get()).statusCode).toBe(401);
    } finally {
      await peer.close();
    }
  });

  it('a password reset on another device ends this device’s access token', async () => {
    const owner = await signup(t);
    await t.app.inject({ method: 'POST', url: '/api/password/reset-link', payload: { email: owner.email } });
    const [mail] = await t.runtime.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email));
    const token = new URL(mail!.text.match(/https?:\/\/\S+reset-password\?token=[\w-]+/)![0]).searchParams.get('token');
    const reset = await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password: 'Reset!Passw0rd2' } });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(owner.jwt) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(reset.json().data.jwt) })).statusCode).toBe(200);
  });

  it('a token without a session claim (issued before sessions existed, or forged without one) is refused', async () => {
    const owner = await signup(t);
    const { SignJWT } = await import('jose');
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const old = await new SignJWT({ tid: owner.user.tenantId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(owner.user.userId)
      .setIssuer('replay-console')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(t.runtime.ctx.secrets.jwtSecret);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(old) })).statusCode).toBe(401);
  });
});
