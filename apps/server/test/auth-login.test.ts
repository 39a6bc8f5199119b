import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@replay/contracts';
import { loginThrottle, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './support/app';
import { bearer, login, refreshCookieOf, signup } from './support/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
let ipCounter = 0;
/** Each test signs in from its own address so that per-address counters do not leak between tests. */
const freshIp = () => `198.51.100.${++ipCounter}`;

describe('POST /api/login', () => {
  it('signs in with the right password: the account as data.user, a token, a refresh cookie', async () => {
    const owner = await signup(t);
    const res = await login(t, owner.email.toUpperCase(), owner.password, freshIp());
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user.userId).toBe(owner.user.userId);
    expect(data.user.email).toBe(owner.email);
    expect(refreshCookieOf(res)).toBeTruthy();
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(data.jwt) });
    expect(account.statusCode).toBe(200);
  });

  it('gives the same 401 for a wrong password and for an unknown email', async () => {
    const owner = await signup(t);
    const wrong = await login(t, owner.email, 'Wrong!Passw0rd', freshIp());
    const unknown = await login(t, 'nobody@example.com', 'Wrong!Passw0rd', freshIp());
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ errors: [AUTH_MESSAGES.invalidCredentials] });
    expect(unknown.json()).toEqual(wrong.json());
    expect(refreshCookieOf(wrong)).toBeUndefined();
  });

  it('refuses a removed user and an invited user who never joined, with the same message', async () => {
    const owner = await signup(t);
    await t.runtime.ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, owner.user.userId));
    const removed = await login(t, owner.email, owner.password, freshIp());
    expect(removed.statusCode).toBe(401);
    expect(removed.json()).toEqual({ errors: [AUTH_MESSAGES.invalidCredentials] });

    const invited = await signup(t);
    await t.runtime.ctx.db.update(users).set({ joinedAt: null }).where(eq(users.id, invited.user.userId));
    const pending = await login(t, invited.email, invited.password, freshIp());
    expect(pending.json()).toEqual({ errors: [AUTH_MESSAGES.invalidCredentials] });
  });

  it('answers 400 for a missing password and for an unknown field', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@example.com' } });
    expect(missing.statusCode).toBe(400);
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@example.com', password: 'x', remember: true },
    });
    expect(extra.statusCode).toBe(400);
  });
});

describe('failed-login throttle', () => {
  it('locks the email after 5 failures in 15 minutes with 429 and Retry-After, until the window passes', async () => {
    const owner = await signup(t);
    // Failures from different addresses: only the email counter can be what locks.
    for (let i = 0; i < 5; i++) {
      const res = await login(t, owner.email, 'Wrong!Passw0rd', freshIp());
      expect(res.statusCode).toBe(401);
    }
    const locked = await login(t, owner.email, owner.password, freshIp());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ errors: [AUTH_MESSAGES.tooManyAttempts] });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    t.clock.advance(10 * MINUTE);
    const stillLocked = await login(t, owner.email, owner.password, freshIp());
    expect(stillLocked.statusCode).toBe(429);
    expect(Number(stillLocked.headers['retry-after'])).toBeLessThanOrEqual(5 * 60);

    t.clock.advance(5 * MINUTE + 1000);
    const after = await login(t, owner.email, owner.password, freshIp());
    expect(after.statusCode).toBe(200);
  });

  it('locks a client address after 5 failures, whatever the emails', async () => {
    const owner = await signup(t);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await login(t, `someone${i}@example.com`, 'Wrong!Passw0rd', ip)).statusCode).toBe(401);
    }
    expect((await login(t, owner.email, owner.password, ip)).statusCode).toBe(429);
    expect((await login(t, owner.email, owner.password, freshIp())).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE + 1000);
    expect((await login(t, owner.email, owner.password, ip)).statusCode).toBe(200);
  });

  it('forgets failures older than the window, and a success clears the email counter', async () => {
    const owner = await signup(t);
    for (let i = 0; i < 4; i++) await login(t, owner.email, 'Wrong!Passw0rd', freshIp());
    t.clock.advance(15 * MINUTE + 1000);
    for (let i = 0; i < 4; i++) await login(t, owner.email, 'Wrong!Passw0rd', freshIp());
    expect((await login(t, owner.email, owner.password, freshIp())).statusCode).toBe(200);
    const rows = await t.runtime.ctx.db.select().from(loginThrottle).where(eq(loginThrottle.key, `login:email:${owner.email}`));
    expect(rows).toHaveLength(0);
    for (let i = 0; i < 4; i++) await login(t, owner.email, 'Wrong!Passw0rd', freshIp());
    expect((await login(t, owner.email, owner.password, freshIp())).statusCode).toBe(200);
  });

  it('counts failures in the database, so concurrent failures all count', async () => {
    const owner = await signup(t);
    await Promise.all([0, 1, 2, 3, 4].map(() => login(t, owner.email, 'Wrong!Passw0rd', freshIp())));
    const [row] = await t.runtime.ctx.db.select().from(loginThrottle).where(eq(loginThrottle.key, `login:email:${owner.email}`));
    expect(row!.failures).toBe(5);
    expect(row!.lockedUntil).not.toBeNull();
    expect((await login(t, owner.email, owner.password, freshIp())).statusCode).toBe(429);
  });
});
