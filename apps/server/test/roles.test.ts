import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES, OWNER_ROLE_NAME, PERMISSIONS, ROLE_MESSAGES, roleSchema, type Role } from '@replay/contracts';
import { consoleActivities, roles } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import type { TestApp } from './support/app';
import { bearer, signup, type SignedIn } from './support/auth';
import { appWithOwner } from './support/owner';
import { addInstance, addMember } from './support/team';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => ({ t, owner } = await appWithOwner()));
afterAll(() => t.close());

const headers = () => bearer(owner.jwt);
const create = (payload: object, h = headers()) => t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: h, payload });
const update = (id: string, payload: object, h = headers()) => t.app.inject({ method: 'POST', url: `/api/client/roles/${id}`, headers: h, payload });
const remove = (id: string, h = headers()) => t.app.inject({ method: 'DELETE', url: `/api/client/roles/${id}`, headers: h });
const get = (id: string, h = headers()) => t.app.inject({ method: 'GET', url: `/api/client/roles/${id}`, headers: h });
const activities = async (action: string) =>
  (
    await t.runtime.ctx.db
      .select({ message: consoleActivities.message })
      .from(consoleActivities)
      .where(and(eq(consoleActivities.tenantId, owner.user.tenantId), eq(consoleActivities.action, action)))
  ).map((r) => r.message);

describe('roles CRUD', () => {
  it('creates with defaults (all instances, no permissions), reads, lists with member counts', async () => {
    const res = await create({ name: '  Support  ' });
    expect(res.statusCode).toBe(201);
    const role = res.json().data as Role;
    expect(roleSchema.strict().parse(role)).toEqual(role);
    expect(role).toMatchObject({
      name: 'Support',
      description: '',
      permissions: [],
      allInstances: true,
      instances: [],
      protected: false,
      tenantId: owner.user.tenantId,
      deletedAt: null,
      memberCount: 0,
    });
    expect((await get(role.roleId)).json().data).toEqual(role);
    await addMember(t, owner.user.tenantId, { roleId: role.roleId });

    const list = await t.app.inject({ method: 'GET', url: '/api/client/roles', headers: headers() });
    expect(list.statusCode).toBe(200);
    const all = list.json().data as Role[];
    expect(all[0]).toMatchObject({ name: OWNER_ROLE_NAME, protected: true, memberCount: 1 });
    expect(all.find((r) => r.roleId === role.roleId)!.memberCount).toBe(1);
    expect(await activities('role.created')).toContain('Created role Support');
  });

  it('stores permissions once each in catalogue order, and instances only when scoped', async () => {
    const x = await addInstance(t, owner.user.tenantId);
    const res = await create({
      name: 'Ops',
      description: 'Runs things',
      permissions: ['EDIT_INSTANCES', 'VIEW_INSTANCES', 'EDIT_INSTANCES'],
      allInstances: true,
      instances: [x],
    });
    expect(res.json().data).toMatchObject({ permissions: ['VIEW_INSTANCES', 'EDIT_INSTANCES'], allInstances: true, instances: [] });
    const scoped = await update(res.json().data.roleId, { name: 'Ops', permissions: ['VIEW_INSTANCES'], allInstances: false, instances: [x, x] });
    expect(scoped.statusCode).toBe(200);
    expect(scoped.json().data).toMatchObject({ name: 'Ops', description: '', allInstances: false, instances: [x] });
    expect(await activities('role.updated')).toContain('Updated role Ops');
  });

  it('accepts only the account’s own instances', async () => {
    const other = await signup(t);
    const foreign = await addInstance(t, other.user.tenantId);
    for (const id of [foreign, newId()]) {
      const res = await create({ name: `Scoped ${id}`.slice(0, 40), allInstances: false, instances: [id] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: [ROLE_MESSAGES.unknownInstances], code: 'bad_request' });
    }
    expect((await create({ name: 'Bad id', allInstances: false, instances: ['not-a-uuid'] })).statusCode).toBe(400);
  });

  it('renames, and records the old name', async () => {
    const id = (await create({ name: 'Old Name' })).json().data.roleId;
    const res = await update(id, { name: 'New Name', description: 'd', permissions: ['VIEW_BILLING'] });
    expect(res.json().data).toMatchObject({ name: 'New Name', description: 'd', permissions: ['VIEW_BILLING'] });
    expect(await activities('role.updated')).toContain('Updated role New Name (was Old Name)');
  });

  it('deletes an unassigned role (soft: its name is free again), refuses one still assigned', async () => {
    const id = (await create({ name: 'Temp' })).json().data.roleId;
    const member = await addMember(t, owner.user.tenantId, { roleId: id });
    const busy = await remove(id);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ errors: [ROLE_MESSAGES.assigned], code: 'conflict' });
    await t.app.inject({ method: 'DELETE', url: `/api/client/members/${member.userId}`, headers: headers() });
    const res = await remove(id);
    expect(res.statusCode).toBe(200);
    expect((await get(id)).statusCode).toBe(404);
    expect((await remove(id)).statusCode).toBe(404);
    const [row] = await t.runtime.ctx.db.select().from(roles).where(eq(roles.id, id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await create({ name: 'temp' })).statusCode).toBe(201);
    expect(await activities('role.deleted')).toContain('Deleted role Temp');
  });
});

describe('role rules', () => {
  it('keeps names unique in the account, case-insensitively (409), but not across accounts', async () => {
    expect((await create({ name: 'Analyst' })).statusCode).toBe(201);
    const dup = await create({ name: 'ANALYST' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ errors: [ROLE_MESSAGES.nameTaken], code: 'conflict' });
    expect((await create({ name: OWNER_ROLE_NAME.toLowerCase() })).statusCode).toBe(409);
    const second = (await create({ name: 'Analyst 2' })).json().data.roleId;
    expect((await update(second, { name: 'analyst' })).statusCode).toBe(409);
    expect((await update(second, { name: 'Analyst 2', description: 'same name is fine' })).statusCode).toBe(200);
    const other = await signup(t);
    expect((await create({ name: 'Analyst' }, bearer(other.jwt))).statusCode).toBe(201);
  });

  it('validates the name: non-empty, at most 40 characters', async () => {
    expect((await create({ name: '   ' })).json()).toEqual({ errors: [MESSAGES.required], code: 'validation_failed' });
    expect((await create({ name: 'x'.repeat(41) })).json()).toEqual({ errors: [MESSAGES.tooLong(40)], code: 'validation_failed' });
    expect((await create({ name: 'x'.repeat(40) })).statusCode).toBe(201);
    expect((await create({ name: 'Perm', permissions: ['ROOT'] })).statusCode).toBe(400);
    expect((await create({ name: 'Extra', protected: true })).statusCode).toBe(400);
  });

  it('never edits or deletes a protected role, even for its holders', async () => {
    const ownerRole = owner.user.roleId!;
    const edit = await update(ownerRole, { name: 'Owner', permissions: [] });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ errors: [ROLE_MESSAGES.protectedRole], code: 'forbidden' });
    const del = await remove(ownerRole);
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual({ errors: [ROLE_MESSAGES.protectedRole], code: 'forbidden' });
    const [row] = await t.runtime.ctx.db.select().from(roles).where(eq(roles.id, ownerRole));
    expect(row).toMatchObject({ name: 'Owner', deletedAt: null });
    expect([...row!.permissions].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('lets EDIT_MEMBERS holders list roles (the invite form) but not read or change one', async () => {
    const inviter = await addMember(t, owner.user.tenantId, { permissions: ['EDIT_MEMBERS'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/client/roles', headers: inviter.headers })).statusCode).toBe(200);
    expect((await get(owner.user.roleId!, inviter.headers)).statusCode).toBe(403);
    expect((await create({ name: 'Nope' }, inviter.headers)).statusCode).toBe(403);
  });
});
