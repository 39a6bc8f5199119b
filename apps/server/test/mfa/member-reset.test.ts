import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_MESSAGES, PERMISSIONS } from '@replay/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, signup } from '../support/auth';
import { addMember, auditRowsOf } from '../support/team';
import { enrolTotp } from './support';

/** A member who lost their authenticator and recovery codes: reset by whoever may act on them, audited. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const status = async (jwt: string) => (await t.app.inject({ method: 'GET', url: '/api/account/mfa', headers: bearer(jwt) })).json().data;
const reset = (jwt: string, userId: string) => t.app.inject({ method: 'DELETE', url: `/api/client/members/${userId}/mfa`, headers: bearer(jwt) });

describe('resetting a member’s second factor', () => {
  it('is done by the owner, recorded in the trail, and the member signs in with the password alone again', async () => {
    const owner = await signup(t);
    const member = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES'] });
    await enrolTotp(t, member);
    expect((await status(member.jwt)).totp).toBe(true);

    const res = await reset(owner.jwt, member.userId);
    expect(res.statusCode).toBe(200);
    expect(await status(member.jwt)).toEqual({ totp: false, recoveryCodesLeft: 0 });
    expect((await reset(owner.jwt, member.userId)).json().errors).toEqual([MFA_MESSAGES.notEnabled]);
    const entries = (await auditRowsOf(t, owner.user.tenantId)).filter((r) => r.action === 'Reset member two-factor authentication');
    expect(entries.map((r) => [r.userId, r.status])).toEqual([
      [owner.user.userId, 409],
      [owner.user.userId, 200],
    ]);
  });

  it('is refused to a member without EDIT_MEMBERS (403), on a member holding more than the actor (403), and for another account’s member (404)', async () => {
    const owner = await signup(t);
    await enrolTotp(t, owner);
    const viewer = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_MEMBERS'] });
    const editor = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_MEMBERS', 'EDIT_MEMBERS'] });
    expect((await reset(viewer.jwt, owner.user.userId)).statusCode).toBe(403);
    expect((await reset(editor.jwt, owner.user.userId)).statusCode).toBe(403);
    const other = await signup(t);
    const stranger = await addMember(t, other.user.tenantId, { permissions: [...PERMISSIONS], admin: true });
    expect((await reset(stranger.jwt, owner.user.userId)).statusCode).toBe(404);
    expect((await status(owner.jwt)).totp).toBe(true);
  });

  it('needs a fresh proof of the actor', async () => {
    const owner = await signup(t);
    const member = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES'] });
    await enrolTotp(t, member);
    t.clock.advance(5 * 60_000 + 1);
    expect((await reset(owner.jwt, member.userId)).json().code).toBe('fresh_proof_required');
  });
});
