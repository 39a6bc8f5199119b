import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_MESSAGES } from '@replay/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, freshAddress, login, refresh, signup, type SignedIn } from '../support/auth';
import { auditRowsOf } from '../support/team';
import { enrolTotp, registerKey } from './support';

/**
 * Issue 42, point 8 (the sessions' part): lowering the account's second-factor rule needs a
 * fresh proof; turning on one's own factor ends one's other sessions; GET /logout with only
 * an access token ends that token's session.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FRESH_PROOF_MS = 5 * 60_000;
const setPolicy = (jwt: string, required: boolean) => t.app.inject({ method: 'PUT', url: '/api/client/mfa-policy', headers: bearer(jwt), payload: { required } });
const accountWith = (jwt: string) => t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(jwt) });

/** Another sign-in of the same person (another device): its access token and refresh cookie. */
async function otherDevice(owner: SignedIn): Promise<{ jwt: string; refresh: string }> {
  const res = await login(t, owner.email, owner.password, freshAddress());
  expect(res.statusCode).toBe(200);
  return { jwt: res.json().data.jwt, refresh: res.cookies.find((c) => c.name === 'refresh_token')!.value };
}

describe('the account’s second-factor rule', () => {
  it('is turned off only after a fresh proof; turned on without one', async () => {
    const owner = await signup(t);
    await enrolTotp(t, owner);
    t.clock.advance(FRESH_PROOF_MS + 1);
    // Raising the rule asks for nothing more.
    expect((await setPolicy(owner.jwt, true)).json().data).toEqual({ required: true });

    const refused = await setPolicy(owner.jwt, false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: [MFA_MESSAGES.freshProofRequired], code: 'fresh_proof_required' });
    expect((await accountWith(owner.jwt)).json().data.mfaRequired).toBe(true);

    const proof = await t.app.inject({ method: 'POST', url: '/api/account/reauth', headers: bearer(owner.jwt), payload: { password: owner.password }, remoteAddress: freshAddress() });
    expect(proof.statusCode).toBe(200);
    expect((await setPolicy(owner.jwt, false)).json().data).toEqual({ required: false });
    expect((await accountWith(owner.jwt)).json().data.mfaRequired).toBe(false);
    const statuses = (await auditRowsOf(t, owner.user.tenantId)).filter((r) => r.action === 'Change two-factor requirement').map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 200, 403]);
  });

  it('still tells a member who is not an admin that the rule is an admin’s, before any proof', async () => {
    const owner = await signup(t);
    const { addMember } = await import('../support/team');
    const member = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES'] });
    t.clock.advance(FRESH_PROOF_MS + 1);
    const refused = await setPolicy(member.jwt, false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual([MFA_MESSAGES.policyAdminOnly]);
  });
});

describe('turning on one’s own second factor', () => {
  it('with an authenticator app, ends every other session of the member and keeps this one', async () => {
    const owner = await signup(t);
    const other = await otherDevice(owner);
    expect((await accountWith(other.jwt)).statusCode).toBe(200);

    await enrolTotp(t, owner);
    expect((await accountWith(other.jwt)).statusCode).toBe(401);
    expect((await refresh(t, other.refresh)).statusCode).toBe(401);
    expect((await accountWith(owner.jwt)).statusCode).toBe(200);
    expect((await refresh(t, owner.refresh)).statusCode).toBe(200);
  });

  it('with a passkey or security key, ends every other session too', async () => {
    const owner = await signup(t);
    const other = await otherDevice(owner);
    await registerKey(t, owner);
    expect((await accountWith(other.jwt)).statusCode).toBe(401);
    expect((await accountWith(owner.jwt)).statusCode).toBe(200);
  });
});

describe('GET /logout with only an access token', () => {
  it('ends that token’s session (the token is refused at once, its refresh cookie too), and is recorded as the person', async () => {
    const owner = await signup(t);
    const other = await otherDevice(owner);
    const out = await t.app.inject({ method: 'GET', url: '/api/logout', headers: bearer(owner.jwt) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: { ok: true } });
    expect((await accountWith(owner.jwt)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/managed-saas/instances', headers: bearer(owner.jwt) })).statusCode).toBe(401);
    expect((await refresh(t, owner.refresh)).statusCode).toBe(401);
    // Only that session: the person's other device stays signed in.
    expect((await accountWith(other.jwt)).statusCode).toBe(200);
    const [entry] = (await auditRowsOf(t, owner.user.tenantId)).filter((r) => r.action === 'Log out');
    expect(entry).toMatchObject({ userId: owner.user.userId, status: 200 });
  });

  it('answers ok to a token that is not a live one of ours, and ends nothing', async () => {
    const owner = await signup(t);
    const forged = `${owner.jwt.slice(0, -4)}AAAA`;
    expect((await t.app.inject({ method: 'GET', url: '/api/logout', headers: bearer(forged) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/logout', headers: bearer(`rck_${'x'.repeat(43)}`) })).statusCode).toBe(200);
    expect((await accountWith(owner.jwt)).statusCode).toBe(200);
  });
});
