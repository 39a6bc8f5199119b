import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MEMBER_MESSAGES, PERMISSIONS, ROLE_MESSAGES, type Permission } from '@replay/contracts';
import { users } from '../src/db/schema';
import { createTestApp, type TestApp } from './support/app';
import { bearer, refresh, signup, STRONG_PASSWORD, type SignedIn } from './support/auth';
import { addInstance, addMember, invitationLinksTo, sessionsOf, tokenOfLink, type Member } from './support/team';

/**
 * The rules that keep an account safe, one test each: no escalation (by
 * invite, by edit, by role create or edit, in permissions or in instance
 * scope), no self-promotion, the super admin and the last owner stay, and a
 * removed or demoted member's next request is refused with the new rights.
 */
let t: TestApp;
let owner: SignedIn;
let tenantId: string;
let instanceX: string;
let instanceY: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signup(t);
  tenantId = owner.user.tenantId;
  instanceX = await addInstance(t, tenantId, 'X');
  instanceY = await addInstance(t, tenantId, 'Y');
});
afterAll(() => t.close());

let n = 0;
async function role(permissions: Permission[], scope: { allInstances?: boolean; instances?: string[] } = {}, headers = bearer(owner.jwt)) {
  n += 1;
  const res = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers, payload: { name: `Role ${n}`, permissions, ...scope } });
  if (res.statusCode !== 201) throw new Error(`role: ${res.statusCode} ${res.body}`);
  return res.json().data.roleId as string;
}
function invite(headers: Record<string, string>, roleId: string, admin = false) {
  n += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/client/members',
    headers,
    payload: { name: `Invitee ${n}`, email: `invitee.${n}.${Date.now()}@example.com`, admin, roleId },
  });
}
const edit = (headers: Record<string, string>, target: { userId: string; email: string }, body: { roleId: string; admin?: boolean; name?: string }) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/client/members/${target.userId}`,
    headers,
    payload: { name: body.name ?? 'Edited Name', email: target.email, admin: body.admin ?? false, roleId: body.roleId },
  });
const remove = (headers: Record<string, string>, userId: string) => t.app.inject({ method: 'DELETE', url: `/api/client/members/${userId}`, headers });
const errorOf = (res: { json(): unknown }) => (res.json() as { errors: string[] }).errors[0];

describe('no escalation by invite', () => {
  it('refuses a role with a permission the inviter lacks, and admin rights from a non-admin', async () => {
    const manager = await addMember(t, tenantId, { permissions: ['VIEW_MEMBERS', 'EDIT_MEMBERS'] });
    const billing = await invite(manager.headers, await role(['VIEW_BILLING']));
    expect(billing.statusCode).toBe(403);
    expect(errorOf(billing)).toBe(MEMBER_MESSAGES.roleAboveActor);
    expect((await invite(manager.headers, await role(['VIEW_MEMBERS']))).statusCode).toBe(201);
    const admin = await invite(manager.headers, await role(['VIEW_MEMBERS']), true);
    expect(admin.statusCode).toBe(403);
    expect(errorOf(admin)).toBe(MEMBER_MESSAGES.adminGrant);
  });

  it('refuses a role reaching instances outside the inviter’s scope', async () => {
    const scoped = await addMember(t, tenantId, { permissions: ['EDIT_MEMBERS', 'VIEW_INSTANCES'], allInstances: false, instances: [instanceX] });
    const everywhere = await invite(scoped.headers, await role(['VIEW_INSTANCES']));
    expect(everywhere.statusCode).toBe(403);
    expect(errorOf(everywhere)).toBe(MEMBER_MESSAGES.roleAboveActor);
    const onY = await invite(scoped.headers, await role(['VIEW_INSTANCES'], { allInstances: false, instances: [instanceY] }));
    expect(onY.statusCode).toBe(403);
    const onX = await invite(scoped.headers, await role(['VIEW_INSTANCES'], { allInstances: false, instances: [instanceX] }));
    expect(onX.statusCode).toBe(201);
  });
});

describe('no escalation by edit', () => {
  it('refuses giving a member a role above the editor, or touching a member above them', async () => {
    const manager = await addMember(t, tenantId, { permissions: ['VIEW_MEMBERS', 'EDIT_MEMBERS'] });
    const peer = await addMember(t, tenantId, { permissions: ['VIEW_MEMBERS'] });
    const up = await edit(manager.headers, peer, { roleId: await role(['VIEW_MEMBERS', 'EDIT_BILLING']) });
    expect(up.statusCode).toBe(403);
    expect(errorOf(up)).toBe(MEMBER_MESSAGES.roleAboveActor);
    const billing = await addMember(t, tenantId, { permissions: ['VIEW_BILLING'] });
    const down = await edit(manager.headers, billing, { roleId: await role(['VIEW_MEMBERS']) });
    expect(down.statusCode).toBe(403);
    expect(errorOf(down)).toBe(MEMBER_MESSAGES.memberAboveActor);
    const kick = await remove(manager.headers, billing.userId);
    expect(errorOf(kick)).toBe(MEMBER_MESSAGES.memberAboveActor);
    expect((await remove(manager.headers, owner.user.userId)).statusCode).toBe(403);
    const granted = await edit(manager.headers, peer, { roleId: peer.roleId, admin: true });
    expect(errorOf(granted)).toBe(MEMBER_MESSAGES.adminGrant);
    expect((await edit(manager.headers, peer, { roleId: await role(['VIEW_MEMBERS', 'EDIT_MEMBERS']) })).statusCode).toBe(200);
  });

  it('refuses changing one’s own role or admin flag, but allows one’s own name', async () => {
    const admin = await addMember(t, tenantId, { permissions: [...PERMISSIONS], admin: true });
    const ownRole = await edit(admin.headers, admin, { roleId: await role(['VIEW_MEMBERS']), admin: true });
    expect(ownRole.statusCode).toBe(403);
    expect(errorOf(ownRole)).toBe(MEMBER_MESSAGES.ownRights);
    const ownFlag = await edit(admin.headers, admin, { roleId: admin.roleId, admin: false });
    expect(errorOf(ownFlag)).toBe(MEMBER_MESSAGES.ownRights);
    const renamed = await edit(admin.headers, admin, { roleId: admin.roleId, admin: true, name: 'New Me' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('New Me');
    const leave = await remove(admin.headers, admin.userId);
    expect(leave.statusCode).toBe(403);
    expect(errorOf(leave)).toBe(MEMBER_MESSAGES.removeSelf);
  });

  it('keeps the super admin: neither removed nor given another role, even by a full admin', async () => {
    const admin = await addMember(t, tenantId, { permissions: [...PERMISSIONS], admin: true });
    const owned = { userId: owner.user.userId, email: owner.email };
    const del = await remove(admin.headers, owner.user.userId);
    expect(del.statusCode).toBe(403);
    expect(errorOf(del)).toBe(MEMBER_MESSAGES.superAdminRemove);
    const demote = await edit(admin.headers, owned, { roleId: await role(['VIEW_MEMBERS']), admin: true });
    expect(demote.statusCode).toBe(403);
    expect(errorOf(demote)).toBe(MEMBER_MESSAGES.superAdminRole);
    const [row] = await t.runtime.ctx.db.select().from(users).where(eq(users.id, owner.user.userId));
    expect(row).toMatchObject({ deletedAt: null, roleId: owner.user.roleId, superAdmin: true });
  });

  it('never leaves the account without an owner', async () => {
    const other = await signup(t);
    // An account whose owner is not (or no longer) flagged super admin: the owner rule alone protects it.
    await t.runtime.ctx.db.update(users).set({ superAdmin: false }).where(eq(users.id, other.user.userId));
    const admin = await addMember(t, other.user.tenantId, { permissions: [...PERMISSIONS], admin: true });
    const target = { userId: other.user.userId, email: other.email };
    const plain = await role([], {}, admin.headers);
    const demote = await edit(admin.headers, target, { roleId: plain, admin: true });
    expect(demote.statusCode).toBe(409);
    expect(errorOf(demote)).toBe(MEMBER_MESSAGES.lastOwner);
    const del = await remove(admin.headers, other.user.userId);
    expect(del.statusCode).toBe(409);
    expect(errorOf(del)).toBe(MEMBER_MESSAGES.lastOwner);
    // With a second owner, the first may go.
    await addMember(t, other.user.tenantId, { roleId: other.user.roleId! });
    expect((await remove(admin.headers, other.user.userId)).statusCode).toBe(200);
  });
});

describe('no escalation by role create or edit', () => {
  it('refuses granting permissions the editor lacks, and changing a role above them', async () => {
    const editor = await addMember(t, tenantId, { permissions: ['VIEW_ROLES', 'EDIT_ROLES', 'VIEW_INSTANCES'] });
    const create = (permissions: Permission[], scope = {}) =>
      t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: editor.headers, payload: { name: `Made ${++n}`, permissions, ...scope } });
    const billing = await create(['EDIT_BILLING']);
    expect(billing.statusCode).toBe(403);
    expect(errorOf(billing)).toBe(ROLE_MESSAGES.permissionsAboveActor);
    const own = await create(['VIEW_INSTANCES']);
    expect(own.statusCode).toBe(201);
    const widened = await t.app.inject({
      method: 'POST',
      url: `/api/client/roles/${own.json().data.roleId}`,
      headers: editor.headers,
      payload: { name: 'Widened', permissions: ['VIEW_INSTANCES', 'EDIT_INSTANCES'] },
    });
    expect(widened.statusCode).toBe(403);
    expect(errorOf(widened)).toBe(ROLE_MESSAGES.permissionsAboveActor);
    const full = await role([...PERMISSIONS]);
    const cut = await t.app.inject({ method: 'POST', url: `/api/client/roles/${full}`, headers: editor.headers, payload: { name: 'Cut', permissions: [] } });
    expect(cut.statusCode).toBe(403);
    expect(errorOf(cut)).toBe(ROLE_MESSAGES.roleAboveActor);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/client/roles/${full}`, headers: editor.headers });
    expect(errorOf(gone)).toBe(ROLE_MESSAGES.roleAboveActor);
  });

  it('keeps a scoped editor within their instances', async () => {
    const scoped = await addMember(t, tenantId, { permissions: ['EDIT_ROLES', 'VIEW_INSTANCES'], allInstances: false, instances: [instanceX] });
    const create = (scope: object) => t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: scoped.headers, payload: { name: `Scoped ${++n}`, permissions: ['VIEW_INSTANCES'], ...scope } });
    const all = await create({ allInstances: true });
    expect(all.statusCode).toBe(403);
    expect(errorOf(all)).toBe(ROLE_MESSAGES.scopeAboveActor);
    expect(errorOf(await create({ allInstances: false, instances: [instanceX, instanceY] }))).toBe(ROLE_MESSAGES.scopeAboveActor);
    const onX = await create({ allInstances: false, instances: [instanceX] });
    expect(onX.statusCode).toBe(201);
    expect(onX.json().data).toMatchObject({ allInstances: false, instances: [instanceX] });
    const widen = await t.app.inject({
      method: 'POST',
      url: `/api/client/roles/${onX.json().data.roleId}`,
      headers: scoped.headers,
      payload: { name: 'Widen', permissions: ['VIEW_INSTANCES'], allInstances: false, instances: [instanceX, instanceY] },
    });
    expect(errorOf(widen)).toBe(ROLE_MESSAGES.scopeAboveActor);
  });
});

describe('revocation: rights are read on every request', () => {
  it('refuses a removed member’s very next request with 401, and their refresh token', async () => {
    const memberRole = await role(['VIEW_MEMBERS']);
    const invited = await invite(bearer(owner.jwt), memberRole);
    const email = invited.json().data.email as string;
    const token = tokenOfLink((await invitationLinksTo(t, email))[0]!);
    const joined = await t.app.inject({ method: 'POST', url: '/api/invitations/accept', payload: { token, name: 'Leaving Soon', password: STRONG_PASSWORD } });
    const { jwt } = joined.json().data;
    const cookie = joined.cookies.find((c) => c.name === 'refresh_token')!.value;
    expect((await t.app.inject({ method: 'GET', url: '/api/client/members', headers: bearer(jwt) })).statusCode).toBe(200);

    expect((await remove(bearer(owner.jwt), invited.json().data.userId)).statusCode).toBe(200);
    const next = await t.app.inject({ method: 'GET', url: '/api/client/members', headers: bearer(jwt) });
    expect(next.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(jwt) })).statusCode).toBe(401);
    expect((await refresh(t, cookie)).statusCode).toBe(401);
    const signIns = await sessionsOf(t, invited.json().data.userId);
    expect(signIns.length).toBeGreaterThan(0);
    expect(signIns.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('refuses a demoted member’s very next request with 403, by a role change or by an edit of their role', async () => {
    const member: Member = await addMember(t, tenantId, { permissions: ['VIEW_MEMBERS', 'VIEW_ROLES'] });
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: member.headers });
    expect((await get('/api/client/members')).statusCode).toBe(200);
    expect((await get('/api/client/roles')).statusCode).toBe(200);

    const rolesOnly = await role(['VIEW_ROLES']);
    expect((await edit(bearer(owner.jwt), member, { roleId: rolesOnly })).statusCode).toBe(200);
    expect((await get('/api/client/members')).statusCode).toBe(403);
    expect((await get('/api/client/roles')).statusCode).toBe(200);

    const emptied = await t.app.inject({ method: 'POST', url: `/api/client/roles/${rolesOnly}`, headers: bearer(owner.jwt), payload: { name: 'Emptied', permissions: [] } });
    expect(emptied.statusCode).toBe(200);
    expect((await get('/api/client/roles')).statusCode).toBe(403);
    // Still signed in: 403 is "not allowed", not "session over".
    expect((await get('/api/account')).statusCode).toBe(200);
  });
});
