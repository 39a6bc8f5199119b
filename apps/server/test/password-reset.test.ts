import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { AUTH_MESSAGES, MESSAGES } from '@replay/contracts';
import { mailOutbox, passwordResets, users } from '../src/db/schema';
import { hashToken } from '../src/lib/ids';
import { createTestApp, type TestApp } from './support/app';
import { login, refresh, refreshCookieOf, signup } from './support/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://console.example.com' });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const requestLink = (email: string) => t.app.inject({ method: 'POST', url: '/api/password/reset-link', payload: { email } });
const reset = (token: string, password: string) => t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password } });

async function mailsTo(email: string) {
  return t.runtime.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt));
}

const LINK = /https:\/\/console\.example\.com\/reset-password\?token=([\w-]+)/;

/**
 * The token of the latest reset mail to this address. Mails written within
 * the same instant can tie on created_at, so "latest" is the one whose token
 * is not among those seen before.
 */
const seen = new Set<string>();
async function tokenFromMail(email: string): Promise<string> {
  const tokens = (await mailsTo(email)).map((m) => m.text.match(LINK)?.[1]).filter((x): x is string => Boolean(x));
  const fresh = tokens.filter((x) => !seen.has(x));
  if (fresh.length !== 1) throw new Error(`expected one new reset link to ${email}, found ${fresh.length}`);
  seen.add(fresh[0]!);
  return fresh[0]!;
}

describe('POST /api/password/reset-link', () => {
  it('answers the same for a known and an unknown email, and mails a link only to the known one', async () => {
    const owner = await signup(t);
    const known = await requestLink(owner.email);
    const unknown = await requestLink('nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ data: { message: AUTH_MESSAGES.resetLinkSent } });
    expect(unknown.json()).toEqual(known.json());
    expect(await mailsTo('nobody@example.com')).toHaveLength(0);

    const [mail] = await mailsTo(owner.email);
    expect(mail).toMatchObject({ transport: 'outbox' });
    expect(mail!.subject).toContain('Reset');
    const token = await tokenFromMail(owner.email);
    expect(mail!.html).toContain(`https://console.example.com/reset-password?token=${token}`);

    const [row] = await t.runtime.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, owner.user.userId));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60 * MINUTE);
  });

  it('mails at most 5 links an hour to one account, silently', async () => {
    const owner = await signup(t);
    for (let i = 0; i < 7; i++) expect((await requestLink(owner.email)).statusCode).toBe(200);
    expect(await mailsTo(owner.email)).toHaveLength(5);
    t.clock.advance(61 * MINUTE);
    await requestLink(owner.email);
    expect(await mailsTo(owner.email)).toHaveLength(6);
  });

  it('answers 400 for an invalid email', async () => {
    const res = await requestLink('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [MESSAGES.invalidEmail], code: 'validation_failed' });
  });
});

describe('POST /api/password/reset', () => {
  it('sets the new password, signs in (the mailed link proving the address: verifiedEmail), and works only once', async () => {
    const owner = await signup(t);
    const otherSession = refreshCookieOf(await login(t, owner.email, owner.password, '203.0.113.4'))!;
    await requestLink(owner.email);
    const token = await tokenFromMail(owner.email);

    const res = await reset(token, 'Brand!New1pass');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user.userId).toBe(owner.user.userId);
    expect(owner.user.verifiedEmail).toBe(false);
    expect(data.user.verifiedEmail).toBe(true);
    expect(typeof data.jwt).toBe('string');
    const cookie = res.cookies.find((c) => c.name === 'refresh_token')!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api' });

    expect((await login(t, owner.email, owner.password, '203.0.113.4')).statusCode).toBe(401);
    expect((await login(t, owner.email, 'Brand!New1pass', '203.0.113.4')).statusCode).toBe(200);
    // Every session from before the reset is gone; the new one works.
    expect((await refresh(t, otherSession)).statusCode).toBe(401);
    expect((await refresh(t, owner.refresh)).statusCode).toBe(401);
    expect((await refresh(t, cookie.value)).statusCode).toBe(200);

    const again = await reset(token, 'Another!New1pass');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: [AUTH_MESSAGES.resetTokenInvalid], code: 'bad_request' });
  });

  it('kills the other outstanding links once one is used', async () => {
    const owner = await signup(t);
    await requestLink(owner.email);
    const first = await tokenFromMail(owner.email);
    await requestLink(owner.email);
    const second = await tokenFromMail(owner.email);
    expect(second).not.toBe(first);
    expect((await reset(second, 'Brand!New1pass')).statusCode).toBe(200);
    expect((await reset(first, 'Other!New1pass')).statusCode).toBe(400);
  });

  it('expires after one hour', async () => {
    const owner = await signup(t);
    await requestLink(owner.email);
    const token = await tokenFromMail(owner.email);
    t.clock.advance(60 * MINUTE + 1000);
    const res = await reset(token, 'Brand!New1pass');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [AUTH_MESSAGES.resetTokenInvalid], code: 'bad_request' });
    expect((await login(t, owner.email, owner.password, '203.0.113.5')).statusCode).toBe(200);
  });

  it('refuses an unknown token, and a weak password with the strength message', async () => {
    expect((await reset('made-up-token', 'Brand!New1pass')).json()).toEqual({ errors: [AUTH_MESSAGES.resetTokenInvalid], code: 'bad_request' });
    const owner = await signup(t);
    await requestLink(owner.email);
    const token = await tokenFromMail(owner.email);
    const weak = await reset(token, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ errors: [MESSAGES.passwordStrength], code: 'validation_failed' });
    // A refused password does not spend the link.
    expect((await reset(token, 'Brand!New1pass')).statusCode).toBe(200);
  });

  it('refuses the link of a user removed since it was sent', async () => {
    const owner = await signup(t);
    await requestLink(owner.email);
    const token = await tokenFromMail(owner.email);
    await t.runtime.ctx.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, owner.user.userId));
    expect((await reset(token, 'Brand!New1pass')).statusCode).toBe(400);
  });
});

describe('GET /api/password/reset/:token', () => {
  const check = (token: string) => t.app.inject({ method: 'GET', url: `/api/password/reset/${encodeURIComponent(token)}` });
  const invalid = { errors: [AUTH_MESSAGES.resetTokenInvalid], code: 'not_found' };

  it('says a fresh link works, until when; once used, the same link (and its siblings) answer 404 before any password is typed', async () => {
    const owner = await signup(t);
    await requestLink(owner.email);
    const sibling = await tokenFromMail(owner.email);
    await requestLink(owner.email);
    const token = await tokenFromMail(owner.email);
    const fresh = await check(token);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const [row] = await t.runtime.ctx.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expect(fresh.json()).toEqual({ data: { expiresAt: row!.expiresAt.getTime() } });
    // Asking spends nothing.
    expect((await check(token)).statusCode).toBe(200);

    expect((await reset(token, 'Brand!New1pass')).statusCode).toBe(200);
    for (const spent of [token, sibling]) {
      const res = await check(spent);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(invalid);
    }
  });

  it('answers an expired and an unknown link alike, and a removed member’s link too', async () => {
    const owner = await signup(t);
    await requestLink(owner.email);
    const token = await tokenFromMail(owner.email);
    t.clock.advance(60 * MINUTE + 1000);
    expect((await check(token)).json()).toEqual(invalid);
    expect((await check('made-up-token')).json()).toEqual(invalid);

    const removed = await signup(t);
    await requestLink(removed.email);
    const removedToken = await tokenFromMail(removed.email);
    await t.runtime.ctx.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, removed.user.userId));
    expect((await check(removedToken)).json()).toEqual(invalid);
  });
});
