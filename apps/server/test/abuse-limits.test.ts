import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@replay/contracts';
import { mailOutbox, users } from '../src/db/schema';
import { RATE_RULES } from '../src/lib/rate-limit';
import { createTestApp, type TestApp } from './support/app';
import { bearer, freshAddress, signup, signupBody, STRONG_PASSWORD } from './support/auth';

/**
 * The per-address limits of the public calls that cost the console work
 * (an account, a mail, a password hash) and the old-password check: each
 * attempt counted in the database before the work, 429 with Retry-After
 * past the limit, and nothing done for a refused attempt.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, remoteAddress, headers });

function expectThrottled(res: LightMyRequestResponse, message: string) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ errors: [message], code: 'rate_limited' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('per-address limits', () => {
  it('sign-up: the 11th account from one address in an hour is refused and not created; others are not affected', async () => {
    const ip = freshAddress();
    const limit = RATE_RULES.signupFromAddress.limit;
    const results = await Promise.all(Array.from({ length: limit + 5 }, () => post('/api/signup', signupBody(), ip)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(limit);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(5);
    expectThrottled(refused[0]!, AUTH_MESSAGES.tooManyRequests);
    const late = signupBody();
    expect((await post('/api/signup', late, ip)).statusCode).toBe(429);
    expect(await t.runtime.ctx.db.select().from(users).where(eq(users.email, late.email))).toHaveLength(0);
    expect((await post('/api/signup', signupBody(), freshAddress())).statusCode).toBe(201);
  });

  it('reset mail: one address may ask only so often, whoever for; refused asks send nothing', async () => {
    const owner = await signup(t);
    const ip = freshAddress();
    for (let i = 0; i < RATE_RULES.resetMailFromAddress.limit; i++) {
      expect((await post('/api/password/reset-link', { email: `nobody${i}@example.com` }, ip)).statusCode).toBe(200);
    }
    expectThrottled(await post('/api/password/reset-link', { email: owner.email }, ip), AUTH_MESSAGES.tooManyRequests);
    expect(await t.runtime.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email))).toHaveLength(0);
  });

  it('reset links and invitations: guesses from one address are counted before any password is hashed', async () => {
    const ip = freshAddress();
    const limit = RATE_RULES.linkUseFromAddress.limit;
    const guesses = await Promise.all(
      Array.from({ length: limit + 10 }, (_, i) =>
        i % 2
          ? post('/api/password/reset', { token: `guess-${i}`, password: STRONG_PASSWORD }, ip)
          : post('/api/invitations/accept', { token: `guess-${i}`, name: 'Mallory', password: STRONG_PASSWORD }, ip),
      ),
    );
    expect(guesses.filter((r) => r.statusCode === 400)).toHaveLength(limit);
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(10);
  });
});

describe('the old-password check', () => {
  it('is refused after 5 wrong old passwords in the window, the right one included, and reopens after it', async () => {
    const owner = await signup(t);
    const change = (oldPassword: string) => post('/api/account/password', { oldPassword, newPassword: 'New!Passw0rd1' }, freshAddress(), bearer(owner.jwt));
    const results = await Promise.all(Array.from({ length: 8 }, () => change('Wrong!Passw0rd')));
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(RATE_RULES.passwordChange.limit);
    expectThrottled(await change(owner.password), AUTH_MESSAGES.tooManyAttempts);
    t.clock.advance(RATE_RULES.passwordChange.windowMs + 1000);
    // The access token has expired meanwhile: sign in again, then the right old password works.
    const login = await post('/api/login', { email: owner.email, password: owner.password }, freshAddress());
    const res = await post('/api/account/password', { oldPassword: owner.password, newPassword: 'New!Passw0rd1' }, freshAddress(), bearer(login.json().data.jwt));
    expect(res.statusCode).toBe(200);
  });
});
