import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@replay/contracts';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/lib/password-hash';
import { createTestApp, type TestApp } from './support/app';
import { STRONG_PASSWORD, bearer, freshAddress, login, signup } from './support/auth';

/**
 * The account's `changePassword` (spec: logged in only when not flagged): a password set
 * before the strength rule still signs in, and its holder must then choose a new one;
 * until then only the account and the password change answer.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WEAK = 'password1';

async function memberWithWeakPassword() {
  const owner = await signup(t);
  // As an account made before the rule would hold it: no call sets such a password today.
  await t.runtime.ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(WEAK) })
    .where(eq(users.id, owner.user.userId));
  return owner;
}

const flagOf = async (userId: string) => (await t.runtime.ctx.db.select({ flag: users.passwordChangeRequired }).from(users).where(eq(users.id, userId)))[0]?.flag;

describe('a password that no longer passes the strength rule', () => {
  it('signs in flagged changePassword, and then opens only the account and the password change', async () => {
    const owner = await memberWithWeakPassword();
    const res = await login(t, owner.email, WEAK, freshAddress());
    expect(res.statusCode).toBe(200);
    const { user, jwt } = res.json().data;
    expect(user.changePassword).toBe(true);
    expect(await flagOf(owner.user.userId)).toBe(true);

    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(jwt) });
    expect(account.statusCode).toBe(200);
    expect(account.json().data.changePassword).toBe(true);
    for (const url of ['/api/managed-saas/instances', '/api/client/members', '/api/notifications/count']) {
      const refused = await t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual({ errors: [AUTH_MESSAGES.passwordChangeRequired], code: 'password_change_required' });
    }
    // The token signed before the sign-in is refused the same way: the flag is read with the caller on every call.
    expect((await t.app.inject({ method: 'GET', url: '/api/managed-saas/instances', headers: bearer(owner.jwt) })).statusCode).toBe(403);
  });

  it('is cleared by choosing a strong password, after which every call answers again', async () => {
    const owner = await memberWithWeakPassword();
    const { jwt } = (await login(t, owner.email, WEAK, freshAddress())).json().data;
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: bearer(jwt),
      payload: { oldPassword: WEAK, newPassword: STRONG_PASSWORD },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().data.changePassword).toBe(false);
    expect(await flagOf(owner.user.userId)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/managed-saas/instances', headers: bearer(jwt) })).statusCode).toBe(200);
    // Signing in with the new password leaves it cleared.
    const again = await login(t, owner.email, STRONG_PASSWORD, freshAddress());
    expect(again.json().data.user.changePassword).toBe(false);
  });

  it('is never set by a strong password, nor by a wrong one', async () => {
    const owner = await signup(t);
    expect((await login(t, owner.email, 'wrong', freshAddress())).statusCode).toBe(401);
    expect((await login(t, owner.email, owner.password, freshAddress())).json().data.user.changePassword).toBe(false);
    expect(await flagOf(owner.user.userId)).toBe(false);
  });
});
