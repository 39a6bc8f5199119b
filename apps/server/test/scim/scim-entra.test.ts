import { afterAll, describe, expect, it } from 'vitest';
import { SCIM_SCHEMAS } from '@replay/contracts';
import { createTestApp } from '../support/app';
import { bearer, signup } from '../support/auth';
import { addScimToken, scimCall } from '../support/scim';

/**
 * Entra ID's documented SCIM requests (its "Tutorial: develop a SCIM endpoint"): a probe by a
 * random userName, a create with the enterprise extension, PATCH with `Replace` and paths
 * (`active` as the text "False", `emails[type eq "work"].value`, `name.givenName`), groups by
 * displayName with `Add`/`Remove` of members as values, and the paging of a list.
 */
const t = await createTestApp();
afterAll(() => t.close());
const owner = await signup(t);
const { headers } = await addScimToken(t, owner.jwt);
const patch = (Operations: unknown[]) => ({ schemas: [SCIM_SCHEMAS.patchOp], Operations });
const stamp = Date.now();

async function createUser(userName: string, externalId: string) {
  const res = await scimCall(t, headers, 'POST', '/Users', {
    schemas: [SCIM_SCHEMAS.user, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
    externalId,
    userName,
    active: true,
    displayName: 'Entra User',
    emails: [{ primary: true, type: 'work', value: userName }],
    meta: { resourceType: 'User' },
    name: { formatted: 'Entra User', familyName: 'User', givenName: 'Entra' },
    roles: [],
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'R&D' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe('Entra ID’s provisioning requests', () => {
  it('answers its probe filter with an empty list', async () => {
    const res = await scimCall(t, headers, 'GET', `/Users?filter=${encodeURIComponent('userName eq "7c4a2c1e-probe@example.com"')}`);
    expect(res.json()).toMatchObject({ totalResults: 0, Resources: [] });
  });

  it('creates, then patches with paths and text booleans', async () => {
    const userName = `entra.${stamp}@example.com`;
    const id = await createUser(userName, `ext-${stamp}`);
    const byExternal = await scimCall(t, headers, 'GET', `/Users?filter=${encodeURIComponent(`externalId eq "ext-${stamp}"`)}`);
    expect(byExternal.json()).toMatchObject({ totalResults: 1, Resources: [{ id }] });
    const newMail = `entra.renamed.${stamp}@example.com`;
    const updated = await scimCall(
      t,
      headers,
      'PATCH',
      `/Users/${id}`,
      patch([
        { op: 'Replace', path: 'emails[type eq "work"].value', value: newMail },
        { op: 'Replace', path: 'name.givenName', value: 'Renamed' },
        { op: 'Add', path: 'title', value: 'Engineer' },
      ]),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ userName: newMail, name: { givenName: 'Renamed', familyName: 'User' } });
    const off = await scimCall(t, headers, 'PATCH', `/Users/${id}`, patch([{ op: 'Replace', path: 'active', value: 'False' }]));
    expect(off.json()).toMatchObject({ active: false });
  });

  it('refuses a filter beyond the subset with 400 invalidFilter', async () => {
    const res = await scimCall(t, headers, 'GET', `/Users?filter=${encodeURIComponent('userName co "x" or title pr')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '400', scimType: 'invalidFilter' });
  });

  it('pages with startIndex and count', async () => {
    for (let i = 0; i < 3; i++) await createUser(`page.${stamp}.${i}@example.com`, `page-${stamp}-${i}`);
    const all = await scimCall(t, headers, 'GET', '/Users?count=100');
    const total = all.json().totalResults as number;
    const page = await scimCall(t, headers, 'GET', '/Users?startIndex=2&count=2');
    expect(page.json()).toMatchObject({ totalResults: total, startIndex: 2, itemsPerPage: 2 });
    expect(page.json().Resources.map((r: { id: string }) => r.id)).toEqual(
      all
        .json()
        .Resources.slice(1, 3)
        .map((r: { id: string }) => r.id),
    );
  });

  it('maps a group to a role: its members take the role, and lose it with the group', async () => {
    const role = await t.app.inject({
      method: 'PUT',
      url: '/api/client/roles',
      headers: bearer(owner.jwt),
      payload: { name: `Viewers ${stamp}`, permissions: ['VIEW_INSTANCES'], allInstances: true, instances: [] },
    });
    const roleId = role.json().data.roleId as string;
    const userId = await createUser(`grouped.${stamp}@example.com`, `grouped-${stamp}`);
    const group = await scimCall(t, headers, 'POST', '/Groups', { schemas: [SCIM_SCHEMAS.group], displayName: `Viewers ${stamp}`, externalId: 'g-1', members: [] });
    const groupId = group.json().id as string;
    const found = await scimCall(t, headers, 'GET', `/Groups?filter=${encodeURIComponent(`displayName eq "Viewers ${stamp}"`)}`);
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id: groupId }] });
    const mapped = await t.app.inject({ method: 'PUT', url: `/api/client/scim/groups/${groupId}`, headers: bearer(owner.jwt), payload: { roleId } });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json().data).toMatchObject({ id: groupId, roleId, members: 0 });
    await scimCall(t, headers, 'PATCH', `/Groups/${groupId}`, patch([{ op: 'Add', path: 'members', value: [{ value: userId }] }]));
    const member = async () => (await t.app.inject({ method: 'GET', url: `/api/users/${userId}`, headers: bearer(owner.jwt) })).json().data;
    expect(await member()).toMatchObject({ roleId, provisioned: true });
    await scimCall(t, headers, 'PATCH', `/Groups/${groupId}`, patch([{ op: 'Remove', path: 'members', value: [{ value: userId }] }]));
    expect(await member()).toMatchObject({ roleId: null });
    await scimCall(t, headers, 'PATCH', `/Groups/${groupId}`, patch([{ op: 'Add', path: 'members', value: [{ value: userId }] }]));
    const deleted = await scimCall(t, headers, 'DELETE', `/Groups/${groupId}`);
    expect(deleted.statusCode).toBe(204);
    expect(await member()).toMatchObject({ roleId: null });
  });

  it('never maps a group to the Owner role', async () => {
    const roles = await t.app.inject({ method: 'GET', url: '/api/client/roles', headers: bearer(owner.jwt) });
    const ownerRole = (roles.json().data.roles ?? roles.json().data).find((r: { name: string }) => r.name === 'Owner');
    const group = await scimCall(t, headers, 'POST', '/Groups', { schemas: [SCIM_SCHEMAS.group], displayName: `Owners ${stamp}` });
    const res = await t.app.inject({ method: 'PUT', url: `/api/client/scim/groups/${group.json().id}`, headers: bearer(owner.jwt), payload: { roleId: ownerRole.roleId ?? ownerRole.id } });
    expect(res.statusCode, res.body).toBe(403);
  });
});
