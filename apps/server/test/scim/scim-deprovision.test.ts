import { afterAll, describe, expect, it } from 'vitest';
import { SCIM_SCHEMAS } from '@replay/contracts';
import { createPeerApp, createTestApp } from '../support/app';
import { bearer, freshAddress, signup } from '../support/auth';
import { addApiKey } from '../support/api-keys';
import { addScimToken, scimCall } from '../support/scim';
import { addMember } from '../support/team';

/**
 * Deprovisioning is the Team's removal: the member's session and API key are refused on their
 * very next request, on another console process too (a peer app on the same database, as two
 * consoles share one PostgreSQL). And a token acts for its own account only.
 */
const t = await createTestApp();
const peer = await createPeerApp(t);
afterAll(async () => {
  await peer.close();
  await t.close();
});
const owner = await signup(t);
const other = await signup(t);
const scim = await addScimToken(t, owner.jwt);
const otherScim = await addScimToken(t, other.jwt);
const patch = (Operations: unknown[]) => ({ schemas: [SCIM_SCHEMAS.patchOp], Operations });

describe('deprovisioning', () => {
  it('refuses the member’s session and API key on the next request, on both processes', async () => {
    const member = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES', 'EDIT_MEMBERS'] });
    const key = await addApiKey(t, member.jwt, { roleId: member.roleId });
    for (const app of [t.app, peer.app]) {
      expect((await app.inject({ method: 'GET', url: '/api/managed-saas/instances', headers: member.headers })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/managed-saas/instances', headers: key.headers })).statusCode).toBe(200);
    }
    const res = await scimCall(t, scim.headers, 'PATCH', `/Users/${member.userId}`, patch([{ op: 'replace', value: { active: false } }]));
    expect(res.statusCode, res.body).toBe(200);
    for (const app of [peer.app, t.app]) {
      expect((await app.inject({ method: 'GET', url: '/api/managed-saas/instances', headers: member.headers })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/api/managed-saas/instances', headers: key.headers })).statusCode).toBe(401);
    }
  });

  it('deletes a user: removed, and unknown to SCIM from then on', async () => {
    const member = await addMember(t, owner.user.tenantId, { permissions: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: member.headers })).statusCode).toBe(200);
    expect((await scimCall(t, scim.headers, 'DELETE', `/Users/${member.userId}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: member.headers })).statusCode).toBe(401);
    expect((await scimCall(t, scim.headers, 'GET', `/Users/${member.userId}`)).statusCode).toBe(404);
  });

  it('never deactivates an owner (403)', async () => {
    const res = await scimCall(t, scim.headers, 'PATCH', `/Users/${owner.user.userId}`, patch([{ op: 'replace', path: 'active', value: false }]));
    expect(res.statusCode, res.body).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/client/members', headers: bearer(owner.jwt) })).statusCode).toBe(200);
  });
});

describe('one account’s token', () => {
  it('never reaches another account’s users or groups (404, as unknown)', async () => {
    const theirs = await addMember(t, other.user.tenantId, { permissions: [] });
    const group = await scimCall(t, otherScim.headers, 'POST', '/Groups', { schemas: [SCIM_SCHEMAS.group], displayName: 'Theirs' });
    for (const path of [`/Users/${theirs.userId}`, `/Groups/${group.json().id}`]) {
      expect((await scimCall(t, scim.headers, 'GET', path)).statusCode).toBe(404);
      expect((await scimCall(t, scim.headers, 'PATCH', path, patch([{ op: 'replace', value: { active: false } }]))).statusCode).toBe(404);
      expect((await scimCall(t, scim.headers, 'DELETE', path)).statusCode).toBe(404);
    }
    const listed = await scimCall(t, scim.headers, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${theirs.email}"`)}`);
    expect(listed.json().totalResults).toBe(0);
    const mine = await scimCall(t, scim.headers, 'POST', '/Groups', { schemas: [SCIM_SCHEMAS.group], displayName: 'Mine' });
    const adding = await scimCall(t, scim.headers, 'PATCH', `/Groups/${mine.json().id}`, patch([{ op: 'add', path: 'members', value: [{ value: theirs.userId }] }]));
    expect(adding.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: theirs.headers })).statusCode).toBe(200);
  });
});

describe('the token', () => {
  it('is shown once, stops working when rotated or revoked, and is only an owner’s to manage', async () => {
    const owner2 = await signup(t);
    const first = await addScimToken(t, owner2.jwt);
    expect(first.token).toMatch(/^rcs_[A-Za-z0-9_-]{43}$/);
    const info = await t.app.inject({ method: 'GET', url: '/api/client/scim', headers: bearer(owner2.jwt) });
    expect(info.body).not.toContain(first.token);
    expect(info.json().data).toMatchObject({ baseUrl: expect.stringMatching(/\/api\/scim\/v2$/), token: { lastUsedAt: null }, groups: [] });
    expect((await scimCall(t, first.headers, 'GET', '/ServiceProviderConfig')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/client/scim', headers: bearer(owner2.jwt) })).json().data.token.lastUsedAt).not.toBeNull();
    const second = await addScimToken(t, owner2.jwt);
    expect((await scimCall(t, first.headers, 'GET', '/Users')).statusCode).toBe(401);
    expect((await scimCall(t, second.headers, 'GET', '/Users')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/client/scim/token', headers: bearer(owner2.jwt) })).statusCode).toBe(200);
    expect((await scimCall(t, second.headers, 'GET', '/Users')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/client/scim/token', headers: bearer(owner2.jwt) })).statusCode).toBe(404);
    const editor = await addMember(t, owner2.user.tenantId, { permissions: ['EDIT_MEMBERS', 'EDIT_ROLES'] });
    const refused = await t.app.inject({ method: 'POST', url: '/api/client/scim/token', headers: editor.headers });
    expect(refused.statusCode).toBe(403);
  });

  it('needs a fresh proof of identity to be created, as an API key does', async () => {
    const owner3 = await signup(t);
    t.clock.advance(5 * 60_000 + 1);
    const refused = await t.app.inject({ method: 'POST', url: '/api/client/scim/token', headers: bearer(owner3.jwt) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'fresh_proof_required' });
    expect((await t.app.inject({ method: 'GET', url: '/api/client/scim', headers: bearer(owner3.jwt) })).json().data.token).toBeNull();
    const proof = await t.app.inject({ method: 'POST', url: '/api/account/reauth', headers: bearer(owner3.jwt), payload: { password: owner3.password }, remoteAddress: freshAddress() });
    expect(proof.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/client/scim/token', headers: bearer(owner3.jwt) })).statusCode).toBe(200);
  });
});
