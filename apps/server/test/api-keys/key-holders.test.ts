import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, MFA_MESSAGES } from '@replay/contracts';
import { apiKeys } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import type { TestApp } from '../support/app';
import { addApiKey } from '../support/api-keys';
import { bearer, freshAddress, type SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { addMember, invitationLinksTo, tokenFor } from '../support/team';

/**
 * Issue 42, points 3 and 4: who holds a key's secret. Rotation needs a fresh proof and is
 * its creator's alone; a removed member holds no working secret; and a key never receives
 * a joining link, so it cannot mint a person who would outlive it.
 */
let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  ({ t, owner } = await appWithOwner());
});
afterAll(() => t.close());
beforeEach(async () => {
  owner.jwt = await tokenFor(t, { userId: owner.user.userId, tenantId: owner.user.tenantId });
});

const rotate = (keyId: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: `/api/client/api-keys/${keyId}/rotate`, headers });
const listInstances = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/managed-saas/instances', headers });
/** A role of the owner's making holding VIEW_INSTANCES: members without EDIT_ROLES give it to their keys. */
async function viewerRole(): Promise<string> {
  const res = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: bearer(owner.jwt), payload: { name: `Viewer ${newId().slice(0, 6)}`, permissions: ['VIEW_INSTANCES'] } });
  return res.json().data.roleId as string;
}
const keyRow = async (keyId: string) => (await t.runtime.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, keyId)))[0]!;

describe('rotating a key', () => {
  it('needs a fresh proof of identity, as creating one does', async () => {
    const key = await addApiKey(t, owner.jwt, { permissions: ['VIEW_INSTANCES'] });
    t.clock.advance(5 * 60_000 + 1);
    const refused = await rotate(key.keyId, bearer(owner.jwt));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: [MFA_MESSAGES.freshProofRequired], code: 'fresh_proof_required' });
    expect((await keyRow(key.keyId)).previousSecretHash).toBeNull();

    const proof = await t.app.inject({ method: 'POST', url: '/api/account/reauth', headers: bearer(owner.jwt), payload: { password: owner.password }, remoteAddress: freshAddress() });
    expect(proof.statusCode).toBe(200);
    const rotated = await rotate(key.keyId, bearer(owner.jwt));
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().data.key.createdById).toBe(owner.user.userId);
  });

  it('is its creator’s alone: the owner, or a member whose rights cover the key, is refused (403) and the secret is unchanged', async () => {
    const creator = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES', 'VIEW_MEMBERS', 'EDIT_MEMBERS'] });
    const peer = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES', 'VIEW_MEMBERS', 'EDIT_MEMBERS'] });
    const key = await addApiKey(t, creator.jwt, { roleId: await viewerRole() });
    const before = (await keyRow(key.keyId)).secretHash;
    for (const headers of [bearer(owner.jwt), peer.headers]) {
      const refused = await rotate(key.keyId, headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors).toEqual([API_KEY_MESSAGES.rotateOwnOnly]);
    }
    expect((await keyRow(key.keyId)).secretHash).toBe(before);
    // The others may still revoke it (stop it), which hands nobody a secret.
    expect((await rotate(key.keyId, creator.headers)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/client/api-keys/${key.keyId}`, headers: peer.headers })).statusCode).toBe(200);
  });
});

describe('a member removed from the account', () => {
  it('holds no working secret: their keys, and the secret a rotation replaced, are 401 at once and listed as revoked', async () => {
    const creator = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES', 'VIEW_MEMBERS', 'EDIT_MEMBERS'] });
    const key = await addApiKey(t, creator.jwt, { roleId: await viewerRole() });
    const rotated = await rotate(key.keyId, creator.headers);
    const newSecret = rotated.json().data.secret as string;
    expect((await listInstances(key.headers)).statusCode).toBe(200);
    expect((await listInstances(bearer(newSecret))).statusCode).toBe(200);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/client/members/${creator.userId}`, headers: bearer(owner.jwt) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await listInstances(key.headers)).statusCode).toBe(401);
    expect((await listInstances(bearer(newSecret))).statusCode).toBe(401);
    expect((await keyRow(key.keyId)).revokedAt).not.toBeNull();
    const listed = (await t.app.inject({ method: 'GET', url: '/api/client/api-keys', headers: bearer(owner.jwt) })).json().data.keys;
    expect(listed.find((k: { keyId: string }) => k.keyId === key.keyId)).toMatchObject({ status: 'revoked', createdById: creator.userId });
  });
});

describe('a key holding EDIT_MEMBERS', () => {
  it('invites, but never receives a joining link: not in the answer, the list, the member’s page, nor by renewing it', async () => {
    const key = await addApiKey(t, owner.jwt, { permissions: ['VIEW_MEMBERS', 'EDIT_MEMBERS'] });
    const role = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: bearer(owner.jwt), payload: { name: `Invitee ${newId().slice(0, 6)}`, permissions: [] } });
    const email = `key-invite.${newId().slice(0, 8)}@example.com`;
    const invited = await t.app.inject({ method: 'POST', url: '/api/client/members', headers: key.headers, payload: { name: 'Key Invitee', email, admin: false, roleId: role.json().data.roleId } });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().data.invitationLink).toBeNull();
    expect(invited.body).not.toContain('token=');
    const userId = invited.json().data.userId as string;

    const list = await t.app.inject({ method: 'GET', url: '/api/client/members?limit=100', headers: key.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('token=');
    const one = await t.app.inject({ method: 'GET', url: `/api/users/${userId}`, headers: key.headers });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.invitationLink).toBeNull();
    const renewed = await t.app.inject({ method: 'GET', url: `/api/client/members/${userId}/reset`, headers: key.headers });
    expect(renewed.statusCode).toBe(403);
    expect(renewed.json().errors).toEqual([API_KEY_MESSAGES.keysOnlyForPeople]);
    expect(renewed.body).not.toContain('token=');

    // The link went to the invited address only; a person who may act on the member still sees it.
    expect(await invitationLinksTo(t, email)).toHaveLength(1);
    const seen = await t.app.inject({ method: 'GET', url: `/api/users/${userId}`, headers: bearer(owner.jwt) });
    expect(seen.json().data.invitationLink).toMatch(/\/invitation\?token=/);
  });
});
