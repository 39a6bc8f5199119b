import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, Permission } from '@replay/contracts';
import { newId } from '../src/lib/ids';
import { createTestApp, type TestApp } from './support/app';
import { insertAuditRows } from './support/audit-chain';
import { bearer, login, signup, type SignedIn } from './support/auth';
import { addInstance, addMember, type Member } from './support/team';

/**
 * Issue 42, point 6, as reported: a member with View instances and View activity on one
 * instance read the owner's billing address, other instances' details, role definitions
 * and others' sign-in and second-factor events in the audit trail. The owner's calls are
 * real (sign-up, role, login) where the test console can make them; billing and instance
 * creation, which need a card processor and an agent, are written as the console writes them.
 */
let t: TestApp;
let owner: SignedIn;
let member: Member;
let mine: string;
let theirs: string;

const ADDRESS = '1 Secret Billing Street';
const OTHER_URL = 'other-instance-url';

beforeAll(async () => {
  t = await createTestApp();
  owner = await signup(t, { fullname: 'Olive Owner' });
  const tenantId = owner.user.tenantId;
  mine = await addInstance(t, tenantId, 'mine');
  theirs = await addInstance(t, tenantId, 'theirs');
  member = await addMember(t, tenantId, { permissions: ['VIEW_INSTANCES', 'VIEW_ACTIVITY'], allInstances: false, instances: [mine], name: 'Limited Lee' });
  const role = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: bearer(owner.jwt), payload: { name: 'Billing clerk', permissions: ['EDIT_BILLING'] } });
  expect(role.statusCode).toBe(201);
  expect((await login(t, owner.email, owner.password, '192.0.2.42')).statusCode).toBe(200);
  const by = { tenantId, userId: owner.user.userId, apiKeyId: null, username: 'Olive Owner', email: owner.email, parameters: {}, status: 200, requestId: 'r', createdAt: t.clock.now() };
  const inst = (id: string, action: string, url: string) => ({ ...by, id: newId(), action, method: 'POST', route: url, endpoint: url.replace(':id', id), instanceId: id, payload: null });
  await insertAuditRows(t.runtime.ctx.db, [
    { ...by, id: newId(), action: 'Edit billing details', method: 'PUT', route: '/api/plans/edit', endpoint: '/api/plans/edit', payload: { address: ADDRESS }, instanceId: null },
    { ...by, id: newId(), action: 'Create instance', method: 'POST', route: '/api/managed-saas/instances', endpoint: '/api/managed-saas/instances', payload: { url: OTHER_URL }, instanceId: null },
    { ...by, id: newId(), action: 'Log in: second step', method: 'POST', route: '/api/login/mfa', endpoint: '/api/login/mfa', payload: null, instanceId: null },
    inst(theirs, 'CORS update', '/api/managed-saas/instances/:id/config'),
    inst(mine, 'Retention update', '/api/managed-saas/instances/:id/config-disk-usage'),
    {
      ...by,
      id: newId(),
      userId: member.userId,
      username: 'Limited Lee',
      email: member.email,
      action: 'Log in',
      method: 'POST',
      route: '/api/login',
      endpoint: '/api/login',
      payload: null,
      instanceId: null,
    },
  ]);
  await t.app.auditDrain();
});
afterAll(() => t.close());

const read = async (who: { headers: Record<string, string> }) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/trails', headers: who.headers, payload: { limit: 100 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { sessions: AuditEntry[]; count: number };
};

describe('the audit trail of a member with View instances and View activity on one instance', () => {
  it('shows their instance’s entries and their own sign-in, nothing else, with a count of what it shows', async () => {
    const { sessions, count } = await read(member);
    expect(sessions.map((s) => s.action).sort()).toEqual(['Log in', 'Retention update']);
    expect(count).toBe(2);
    expect(sessions.find((s) => s.action === 'Log in')!.userId).toBe(member.userId);
    expect(sessions.find((s) => s.action === 'Retention update')!.endpoint).toContain(mine);
    const body = JSON.stringify(sessions);
    for (const secret of [ADDRESS, OTHER_URL, 'Billing clerk', theirs, 'Log in: second step', 'Sign up']) expect(body).not.toContain(secret);
  });

  it('answers a hidden entry read by id as absent (404), and filters by action within what it may see', async () => {
    const all = (await read({ headers: bearer(owner.jwt) })).sessions;
    for (const action of ['Edit billing details', 'Create role', 'Log in: second step', 'CORS update', 'Create instance', 'Sign up']) {
      const hidden = all.find((s) => s.action === action)!;
      expect(hidden, action).toBeDefined();
      expect((await t.app.inject({ method: 'GET', url: `/api/trails/${hidden.id}`, headers: member.headers })).statusCode, action).toBe(404);
    }
    const filtered = await t.app.inject({ method: 'POST', url: '/api/trails', headers: member.headers, payload: { action: 'Edit billing details' } });
    expect(filtered.json().data).toEqual({ sessions: [], count: 0 });
  });

  it('shows each area to the holder of its permission: billing to VIEW_BILLING, roles to VIEW_ROLES, others’ sign-ins to VIEW_MEMBERS', async () => {
    const tenantId = owner.user.tenantId;
    const actionsOf = async (permissions: readonly Permission[]) => (await read(await addMember(t, tenantId, { permissions }))).sessions.map((s) => s.action);
    expect(await actionsOf(['VIEW_ACTIVITY', 'VIEW_BILLING'])).toEqual(['Edit billing details']);
    expect(await actionsOf(['VIEW_ACTIVITY', 'VIEW_ROLES'])).toEqual(['Create role']);
    expect((await actionsOf(['VIEW_ACTIVITY', 'VIEW_MEMBERS'])).sort()).toEqual(['Log in', 'Log in', 'Log in: second step', 'Sign up']);
    // Every instance: the account-wide instance entries too.
    expect((await actionsOf(['VIEW_ACTIVITY', 'VIEW_INSTANCES'])).sort()).toEqual(['CORS update', 'Create instance', 'Retention update']);
  });
});
