import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, MFA_MESSAGES } from '@replay/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, signup } from '../support/auth';
import { addMember, auditRowsOf } from '../support/team';
import { enrolTotp } from './support';

/** The owner's rule: every member signs in with a second factor; one without it may only set it up. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setPolicy = (jwt: string, required: boolean) => t.app.inject({ method: 'PUT', url: '/api/client/mfa-policy', headers: bearer(jwt), payload: { required } });
const get = (jwt: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });

describe('requiring a second factor of every member', () => {
  it('is an admin’s call, and an admin without a factor of their own is told to set one up first', async () => {
    const owner = await signup(t);
    const member = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES', 'EDIT_MEMBERS'] });
    expect((await setPolicy(member.jwt, true)).statusCode).toBe(403);
    const first = await setPolicy(owner.jwt, true);
    expect(first.statusCode).toBe(409);
    expect(first.json().errors).toEqual([MFA_MESSAGES.policyNeedsOwnFactor]);
    await enrolTotp(t, owner);
    expect((await setPolicy(owner.jwt, true)).json().data).toEqual({ required: true });
    expect((await get(owner.jwt, '/api/account')).json().data).toMatchObject({ mfaRequired: true, mfaEnrolmentRequired: false });
    const actions = (await auditRowsOf(t, owner.user.tenantId)).map((r) => r.action);
    expect(actions.filter((a) => a === 'Change two-factor requirement')).toHaveLength(3);
  });

  it('leaves a member without a factor only the account and the set-up, then opens everything once it is set up', async () => {
    const owner = await signup(t);
    await enrolTotp(t, owner);
    const member = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES', 'VIEW_MEMBERS'] });
    expect((await get(member.jwt, '/api/managed-saas/instances')).statusCode).toBe(200);
    await setPolicy(owner.jwt, true);

    // The rule is read with the caller on every request: the token signed before it is held to it too.
    for (const url of ['/api/managed-saas/instances', '/api/client/members', '/api/notifications/count']) {
      const refused = await get(member.jwt, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual({ errors: [AUTH_MESSAGES.mfaEnrolmentRequired], code: 'mfa_enrolment_required' });
    }
    expect((await get(member.jwt, '/api/account')).json().data).toMatchObject({ mfaRequired: true, mfaEnrolmentRequired: true });
    expect((await get(member.jwt, '/api/account/mfa')).statusCode).toBe(200);

    await enrolTotp(t, member);
    expect((await get(member.jwt, '/api/managed-saas/instances')).statusCode).toBe(200);
    expect((await get(member.jwt, '/api/account')).json().data.mfaEnrolmentRequired).toBe(false);

    // Turned off again, a member without a factor is free again.
    const other = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES'] });
    expect((await get(other.jwt, '/api/managed-saas/instances')).statusCode).toBe(403);
    await setPolicy(owner.jwt, false);
    expect((await get(other.jwt, '/api/managed-saas/instances')).statusCode).toBe(200);
  });
});
