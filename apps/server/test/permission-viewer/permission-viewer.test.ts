import { afterAll, describe, expect, it } from 'vitest';
import { ACCESS_REASONS, PERMISSIONS, type InstanceAccess, type SubjectAccess } from '@replay/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import { createTestApp } from '../support/app';
import { bearer, signup } from '../support/auth';
import { addApiKey } from '../support/api-keys';
import { addInstance, addMember } from '../support/team';

/** GET /client/permissions/member and GET /client/permissions/instance/{id}: status and body. */
const t = await createTestApp();
afterAll(() => t.close());

const owner = await signup(t, { organizationName: 'Viewer account' });
const tenantId = owner.user.tenantId;
const ownerHeaders = bearer(owner.jwt);
const instanceA = await addInstance(t, tenantId, 'instance-a');
const instanceB = await addInstance(t, tenantId, 'instance-b');
const viewerOfA = await addMember(t, tenantId, { name: 'Viewer of A', permissions: ['VIEW_INSTANCES'], allInstances: false, instances: [instanceA] });
// One more member, who may change every instance: part of the account the viewer reads.
await addMember(t, tenantId, { name: 'Editor of all', permissions: ['VIEW_INSTANCES', 'EDIT_INSTANCES'] });
const teamEditorOfB = await addMember(t, tenantId, { name: 'Team editor of B', permissions: ['EDIT_MEMBERS'], allInstances: false, instances: [instanceB] });
const teamViewer = await addMember(t, tenantId, { name: 'Team viewer', permissions: ['VIEW_MEMBERS'] });
const keyOfAll = await addApiKey(t, owner.jwt, { name: 'Deploy key', permissions: ['VIEW_INSTANCES', 'EDIT_INSTANCES'] });
// Every permission on every instance, yet a key: the viewer is for people only.
const everything = await addApiKey(t, owner.jwt, { name: 'Everything key', permissions: [...PERMISSIONS] });
const revokedKey = await addApiKey(t, owner.jwt, { name: 'Old key', permissions: [...PERMISSIONS] });
await t.app.inject({ method: 'DELETE', url: `/api/client/api-keys/${revokedKey.keyId}`, headers: ownerHeaders });
const invite = await t.app.inject({
  method: 'POST',
  url: '/api/client/members',
  headers: ownerHeaders,
  payload: { name: 'Pending Person', email: 'pending.person@example.com', admin: false, roleId: viewerOfA.roleId },
});
const pendingId = invite.json().data.userId as string;

const other = await signup(t, { organizationName: 'Other account' });
const otherMember = await addMember(t, other.user.tenantId, { permissions: ['VIEW_INSTANCES'] });
const otherInstance = await addInstance(t, other.user.tenantId, 'other-instance');
const otherKey = await addApiKey(t, other.jwt, { permissions: ['VIEW_INSTANCES'] });

const subjectAccess = (query: Record<string, string>, headers = ownerHeaders) => t.app.inject({ method: 'GET', url: '/api/client/permissions/member', query, headers });
const instanceAccess = (instanceId: string, permission: string, headers = ownerHeaders) =>
  t.app.inject({ method: 'GET', url: `/api/client/permissions/instance/${instanceId}`, query: { permission }, headers });

const decisionOf = (body: SubjectAccess, action: string) => body.actions.find((a) => a.action === action)!;
const permissionOf = (body: SubjectAccess, permission: string) => body.permissions.find((p) => p.permission === permission)!;

describe('what a member or a key may do on an instance', () => {
  it('answers each permission and each call about the instance, with the reason', async () => {
    const res = await subjectAccess({ memberId: viewerOfA.userId, instanceId: instanceA });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data as SubjectAccess;
    expect(body.subject).toEqual({ kind: 'member', id: viewerOfA.userId, name: 'Viewer of A' });
    expect(body.instanceId).toBe(instanceA);
    expect(body.permissions.map((p) => p.permission)).toEqual([...PERMISSIONS]);
    expect(permissionOf(body, 'VIEW_INSTANCES')).toEqual({ permission: 'VIEW_INSTANCES', allowed: true, reason: 'allowed', needsAnyOf: [] });
    expect(permissionOf(body, 'EDIT_INSTANCES')).toEqual({ permission: 'EDIT_INSTANCES', allowed: false, reason: 'missing_permission', needsAnyOf: ['EDIT_INSTANCES'] });
    expect(decisionOf(body, 'instance')).toMatchObject({ method: 'GET', path: '/managed-saas/instances/:id', allowed: true, reason: 'allowed' });
    expect(decisionOf(body, 'act')).toMatchObject({ method: 'POST', allowed: false, reason: 'missing_permission', needsAnyOf: ['EDIT_INSTANCES'] });
    // Only calls about one instance are listed.
    expect(body.actions.every((a) => a.path.startsWith('/managed-saas/instances/:id'))).toBe(true);
    expect(body.actions.map((a) => a.action)).toContain('backups');
  });

  it('says an instance outside the role’s scope is out of reach', async () => {
    const body = (await subjectAccess({ memberId: viewerOfA.userId, instanceId: instanceB })).json().data as SubjectAccess;
    expect(permissionOf(body, 'VIEW_INSTANCES')).toMatchObject({ allowed: false, reason: 'outside_scope' });
    expect(decisionOf(body, 'instance')).toMatchObject({ allowed: false, reason: 'outside_scope' });
    // Without the permission, the permission is what is missing first (the guard's order).
    expect(decisionOf(body, 'act')).toMatchObject({ allowed: false, reason: 'missing_permission' });
  });

  it('refuses a key the calls for people only, and shows a revoked key holding nothing', async () => {
    const key = (await subjectAccess({ keyId: keyOfAll.keyId, instanceId: instanceB })).json().data as SubjectAccess;
    expect(key.subject).toEqual({ kind: 'key', id: keyOfAll.keyId, name: 'Deploy key' });
    expect(decisionOf(key, 'loginToken')).toMatchObject({ allowed: false, reason: 'people_only' });
    expect(decisionOf(key, 'act')).toMatchObject({ allowed: true, reason: 'allowed' });
    const revoked = (await subjectAccess({ keyId: revokedKey.keyId, instanceId: instanceA })).json().data as SubjectAccess;
    expect(new Set(revoked.actions.map((a) => a.reason))).toEqual(new Set(['no_caller']));
    expect(revoked.permissions.every((p) => !p.allowed && p.reason === 'no_caller')).toBe(true);
  });

  it('shows a member who has not joined yet as no caller', async () => {
    const body = (await subjectAccess({ memberId: pendingId, instanceId: instanceA })).json().data as SubjectAccess;
    expect(body.subject.name).toBe('Pending Person');
    expect(body.actions.every((a) => !a.allowed && a.reason === 'no_caller')).toBe(true);
  });

  it('shows a member who must change their password first as refused every call about the instance', async () => {
    const member = await addMember(t, tenantId, { name: 'Weak password', permissions: ['VIEW_INSTANCES', 'EDIT_INSTANCES'] });
    await t.runtime.ctx.db.update(users).set({ passwordChangeRequired: true }).where(eq(users.id, member.userId));
    const body = (await subjectAccess({ memberId: member.userId, instanceId: instanceA })).json().data as SubjectAccess;
    expect(body.actions.every((a) => !a.allowed && a.reason === 'password_change_required')).toBe(true);
    // As the route itself answers them.
    const live = await t.app.inject({ method: 'GET', url: `/api/managed-saas/instances/${instanceA}`, headers: member.headers });
    expect(live.statusCode).toBe(403);
    expect(live.body).toContain('password_change_required');
  });

  it('answers 404 for another account’s member, key or instance, and an instance outside the caller’s own scope', async () => {
    const queries: Record<string, string>[] = [
      { memberId: otherMember.userId, instanceId: instanceA },
      { keyId: otherKey.keyId, instanceId: instanceA },
      { memberId: viewerOfA.userId, instanceId: otherInstance },
      { memberId: newId(), instanceId: instanceA },
    ];
    for (const query of queries) {
      const res = await subjectAccess(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(404);
    }
    const res = await subjectAccess({ memberId: viewerOfA.userId, instanceId: instanceA }, teamEditorOfB.headers);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Instance not found.');
    expect((await subjectAccess({ memberId: viewerOfA.userId, instanceId: instanceB }, teamEditorOfB.headers)).statusCode).toBe(200);
  });

  it('answers 400 for both or neither subject, and 403 without EDIT_MEMBERS or as a key', async () => {
    const both = await subjectAccess({ memberId: viewerOfA.userId, keyId: keyOfAll.keyId, instanceId: instanceA });
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain('Name one member (memberId) or one API key (keyId).');
    expect((await subjectAccess({ instanceId: instanceA })).statusCode).toBe(400);
    expect((await subjectAccess({ memberId: 'not-an-id', instanceId: instanceA })).statusCode).toBe(400);
    expect((await subjectAccess({ memberId: viewerOfA.userId, instanceId: instanceA }, teamViewer.headers)).statusCode).toBe(403);
    expect((await subjectAccess({ memberId: viewerOfA.userId, instanceId: instanceA }, everything.headers)).statusCode).toBe(403);
  });

  it('names only reasons of the contract', async () => {
    const body = (await subjectAccess({ keyId: keyOfAll.keyId, instanceId: instanceA })).json().data as SubjectAccess;
    for (const a of body.actions) expect(ACCESS_REASONS).toContain(a.reason);
  });
});

describe('who may do a permission on an instance', () => {
  it('lists the members and live keys whose role holds it and reaches the instance', async () => {
    const res = await instanceAccess(instanceA, 'VIEW_INSTANCES');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data as InstanceAccess;
    expect(body.instanceId).toBe(instanceA);
    expect(body.permission).toBe('VIEW_INSTANCES');
    const names = body.members.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['Viewer of A', 'Editor of all', owner.user.name]));
    expect(names).not.toContain('Team viewer');
    expect(names).not.toContain('Pending Person');
    expect(body.keys).toEqual([
      { keyId: keyOfAll.keyId, name: 'Deploy key' },
      { keyId: everything.keyId, name: 'Everything key' },
    ]);

    const onB = (await instanceAccess(instanceB, 'VIEW_INSTANCES')).json().data as InstanceAccess;
    expect(onB.members.map((m) => m.name)).not.toContain('Viewer of A');
    expect(onB.members.map((m) => m.name)).toContain('Editor of all');
    const edit = (await instanceAccess(instanceA, 'EDIT_INSTANCES')).json().data as InstanceAccess;
    expect(edit.members.map((m) => m.name)).not.toContain('Viewer of A');
  });

  it('answers 404 for another account’s instance or one outside the caller’s scope, 400 for an unknown permission, 403 without EDIT_MEMBERS', async () => {
    expect((await instanceAccess(otherInstance, 'VIEW_INSTANCES')).statusCode).toBe(404);
    expect((await instanceAccess(instanceA, 'VIEW_INSTANCES', teamEditorOfB.headers)).statusCode).toBe(404);
    expect((await instanceAccess('not-an-id', 'VIEW_INSTANCES')).statusCode).toBe(404);
    expect((await instanceAccess(instanceA, 'FLY')).statusCode).toBe(400);
    expect((await instanceAccess(instanceA, 'VIEW_INSTANCES', teamViewer.headers)).statusCode).toBe(403);
  });
});
