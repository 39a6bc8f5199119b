import { afterAll, describe, expect, it } from 'vitest';
import { SCIM_SCHEMAS } from '@replay/contracts';
import { createTestApp } from '../support/app';
import { bearer, signup } from '../support/auth';
import { addScimToken, scimCall } from '../support/scim';
import { auditRowsOf } from '../support/team';

/**
 * Okta's documented SCIM 2.0 sequence (its "SCIM 2.0 protocol reference"): look the user up by
 * userName, create, read, deactivate with a PATCH of `{ active: false }`, then push a group and
 * its members. Each answer is the shape Okta reads.
 */
const t = await createTestApp();
afterAll(() => t.close());
const owner = await signup(t);
const { headers } = await addScimToken(t, owner.jwt);
const userName = `okta.user.${Date.now()}@example.com`;

describe('Okta’s provisioning sequence', () => {
  let userId = '';

  it('finds no user by userName, as a ListResponse', async () => {
    const res = await scimCall(t, headers, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}&startIndex=1&count=100`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/scim+json');
    expect(res.json()).toEqual({ schemas: [SCIM_SCHEMAS.listResponse], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });
  });

  it('creates the user (201), joined without a password and without a role', async () => {
    const res = await scimCall(t, headers, 'POST', '/Users', {
      schemas: [SCIM_SCHEMAS.user],
      userName,
      name: { givenName: 'Okta', familyName: 'User' },
      emails: [{ primary: true, value: userName, type: 'work' }],
      displayName: 'Okta User',
      locale: 'en-US',
      externalId: '00u1abcd',
      groups: [],
      password: 'ignored-Passw0rd!',
      active: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ schemas: [SCIM_SCHEMAS.user], userName, externalId: '00u1abcd', active: true, name: { givenName: 'Okta', familyName: 'User', formatted: 'Okta User' } });
    expect(body.meta.location).toMatch(new RegExp(`/api/scim/v2/Users/${body.id}$`));
    userId = body.id;
    const members = await t.app.inject({ method: 'GET', url: '/api/client/members', headers: bearer(owner.jwt) });
    const member = members.json().data.users.find((u: { userId: string }) => u.userId === userId);
    expect(member).toMatchObject({ email: userName, joined: true, provisioned: true, roleId: null });
  });

  it('refuses the same userName again with 409 uniqueness', async () => {
    const res = await scimCall(t, headers, 'POST', '/Users', { schemas: [SCIM_SCHEMAS.user], userName: userName.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '409', scimType: 'uniqueness', code: 'conflict' });
  });

  it('finds and reads the user', async () => {
    const found = await scimCall(t, headers, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id: userId }] });
    const read = await scimCall(t, headers, 'GET', `/Users/${userId}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: userId, userName, emails: [{ value: userName, primary: true }] });
  });

  it('pushes a group with the user, then removes them from it', async () => {
    const created = await scimCall(t, headers, 'POST', '/Groups', { schemas: [SCIM_SCHEMAS.group], displayName: 'Okta Engineers', members: [] });
    expect(created.statusCode, created.body).toBe(201);
    const groupId = created.json().id as string;
    const renamed = await scimCall(t, headers, 'PATCH', `/Groups/${groupId}`, { schemas: [SCIM_SCHEMAS.patchOp], Operations: [{ op: 'replace', value: { id: groupId, displayName: 'Okta Eng' } }] });
    expect(renamed.json()).toMatchObject({ displayName: 'Okta Eng' });
    const added = await scimCall(t, headers, 'PATCH', `/Groups/${groupId}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'add', path: 'members', value: [{ value: userId, display: userName }] }],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().members).toEqual([{ value: userId, display: userName }]);
    const user = await scimCall(t, headers, 'GET', `/Users/${userId}`);
    expect(user.json().groups).toEqual([{ value: groupId, display: 'Okta Eng' }]);
    const removed = await scimCall(t, headers, 'PATCH', `/Groups/${groupId}`, { schemas: [SCIM_SCHEMAS.patchOp], Operations: [{ op: 'remove', path: `members[value eq "${userId}"]` }] });
    expect(removed.json().members).toEqual([]);
  });

  it('deactivates the user with PATCH active:false: removed from the team, still read by SCIM as inactive', async () => {
    const res = await scimCall(t, headers, 'PATCH', `/Users/${userId}`, { schemas: [SCIM_SCHEMAS.patchOp], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: userId, active: false });
    const members = await t.app.inject({ method: 'GET', url: '/api/client/members', headers: bearer(owner.jwt) });
    expect(members.json().data.users.map((u: { userId: string }) => u.userId)).not.toContain(userId);
    const reactivated = await scimCall(t, headers, 'PATCH', `/Users/${userId}`, { schemas: [SCIM_SCHEMAS.patchOp], Operations: [{ op: 'replace', value: { active: true } }] });
    expect(reactivated.json()).toMatchObject({ active: true });
  });

  it('records every change in the trail as the SCIM token', async () => {
    await t.app.auditDrain();
    const rows = (await auditRowsOf(t, owner.user.tenantId)).filter((r) => r.username === 'SCIM token');
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['SCIM: create user', 'SCIM: update user', 'SCIM: create group', 'SCIM: update group']));
    for (const r of rows) expect(r).toMatchObject({ userId: null });
  });
});
