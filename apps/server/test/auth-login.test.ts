import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@replay/contracts';
import { rateLimits, users } from '../src/db/schema';
import { RATE_RULES, rateKeys } from '../src/lib/rate-limit';
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
    expect(wrong.json()).toEqual({ errors: [AUTH_MESSAGES.invalidCredentials], code: 'unauthenticated' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(refreshCookieOf(wrong)).toBeUndefined();
  });

  it('refuses a removed user and an invited user who never joined, with the same message', async () => {
    const owner = await signup(t);
    await t.runtime.ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, owner.user.userId));
    const removed = await login(t, owner.email, owner.password, freshIp());
    expect(removed.statusCode).toBe(401);
    expect(removed.json()).toEqual({ errors: [AUTH_MESSAGES.invalidCredentials], code: 'unauthenticated' });

    const invited = await signup(t);
    await t.runtime.ctx.db.update(users).set({ joinedAt: null }).where(eq(users.id, invited.user.userId));
    const pending = await login(t, invited.email, invited.password, freshIp());
    expect(pending.json()).toEqual({ errors: [AUTH_MESSAGES.invalidCredentials], code: 'unauthenticated' });
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
  const wrong = (email: string, ip: string) => login(t, email, 'Wrong!Passw0rd', ip);

  it('refuses the 6th attempt on one account from one address with 429 and Retry-After, until the window passes', async () => {
    const owner = await signup(t);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await wrong(owner.email, ip)).statusCode).toBe(401);
    const locked = await login(t, owner.email, owner.password, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ errors: [AUTH_MESSAGES.tooManyAttempts], code: 'rate_limited' });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    t.clock.advance(10 * MINUTE);
    const stillLocked = await login(t, owner.email, owner.password, ip);
    expect(stillLocked.statusCode).toBe(429);
    expect(Number(stillLocked.headers['retry-after'])).toBeLessThanOrEqual(5 * 60);
    t.clock.advance(5 * MINUTE + 1000);
    expect((await login(t, owner.email, owner.password, ip)).statusCode).toBe(200);
  });

  it('never locks the owner out: after failures from many addresses, the right password from another address signs in', async () => {
    const owner = await signup(t);
    for (let i = 0; i < 25; i++) expect((await wrong(owner.email, freshIp())).statusCode).toBe(401);
    expect((await login(t, owner.email, owner.password, freshIp())).statusCode).toBe(200);
  });

  it('slows an account under attack: each address then gets one attempt per window on it', async () => {
    const owner = await signup(t);
    for (let i = 0; i < RATE_RULES.loginAccountFailures.limit; i++) await wrong(owner.email, freshIp());
    const attacker = freshIp();
    expect((await wrong(owner.email, attacker)).statusCode).toBe(401);
    expect((await wrong(owner.email, attacker)).statusCode).toBe(429);
    // Another account from the same address is not under attack: the usual allowance holds.
    const other = await signup(t);
    expect((await login(t, other.email, other.password, attacker)).statusCode).toBe(200);
  });

  it('refuses an address after 30 attempts, whatever the emails, and a success does not count against it', async () => {
    const owner = await signup(t);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await login(t, owner.email, owner.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < RATE_RULES.loginFromAddress.limit; i++) expect((await wrong(`someone${i}@example.com`, ip)).statusCode).toBe(401);
    expect((await login(t, owner.email, owner.password, ip)).statusCode).toBe(429);
    expect((await login(t, owner.email, owner.password, freshIp())).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE + 1000);
    expect((await login(t, owner.email, owner.password, ip)).statusCode).toBe(200);
  });

  it('checks at most the limit of passwords, however many attempts race: 150 at once from one address', async () => {
    const owner = await signup(t);
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 150 }, () => wrong(owner.email, ip)));
    const statuses = results.map((r) => r.statusCode);
    // Every 401 is one password check; the rest were refused before any.
    expect(statuses.filter((s) => s === 401)).toHaveLength(RATE_RULES.loginAccountFromAddress.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(150 - RATE_RULES.loginAccountFromAddress.limit);
  });

  it('a success clears the (account, address) counter', async () => {
    const owner = await signup(t);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await wrong(owner.email, ip);
    expect((await login(t, owner.email, owner.password, ip)).statusCode).toBe(200);
    const rows = await t.runtime.ctx.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, rateKeys.loginAccountFromAddress(owner.email, ip)));
    expect(rows).toHaveLength(0);
    for (let i = 0; i < 4; i++) expect((await wrong(owner.email, ip)).statusCode).toBe(401);
    expect((await login(t, owner.email, owner.password, ip)).statusCode).toBe(200);
  });
});
