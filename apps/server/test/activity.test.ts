import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activitiesListSchema, type ConsoleActivity, ACCOUNT_LIMITS } from '@replay/contracts';
import { recordActivity } from '../src/modules/activity/activity.recorder';
import { createTestApp, type TestApp } from './support/app';
import { bearer, signup, type SignedIn } from './support/auth';
import { addInstance, addMember } from './support/team';

let t: TestApp;
let owner: SignedIn;
let instanceA: string;
let instanceB: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signup(t, { fullname: 'Olga Owner' });
  const tenantId = owner.user.tenantId;
  instanceA = await addInstance(t, tenantId, 'alpha');
  instanceB = await addInstance(t, tenantId, 'beta');
  const db = t.runtime.ctx.db;
  const base = t.clock.now().getTime() - 60 * 60_000;
  const rows = [
    { action: 'instance.stopped', message: 'Stopped instance alpha', instance: { id: instanceA, name: 'alpha' }, actor: { userId: owner.user.userId, name: 'Olga Owner' } },
    { action: 'instance.started', message: 'Started instance beta', instance: { id: instanceB, name: 'beta' }, actor: null },
    { action: 'member.invited', message: 'Invited Jane (jane@x.com) as Viewer', instance: null, actor: { userId: owner.user.userId, name: 'Olga Owner' } },
  ];
  for (const [i, row] of rows.entries()) await recordActivity(db, { tenantId, ...row, at: new Date(base + i * 60_000) });
  for (let i = 0; i < 12; i++) {
    await recordActivity(db, { tenantId, action: 'role.created', message: `Created role R${i}`, actor: { userId: owner.user.userId, name: 'Olga Owner' }, at: new Date(base - (i + 1) * 60_000) });
  }
  const other = await signup(t);
  await recordActivity(db, { tenantId: other.user.tenantId, action: 'role.created', message: 'Created role Elsewhere', actor: null, at: new Date(base) });
});
afterAll(() => t.close());

const list = (headers: Record<string, string>, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/managed-saas/activities', headers, query });
const messagesOf = (res: { json(): { data: { activities: ConsoleActivity[] } } }) => res.json().data.activities.map((a) => a.message);

describe('GET /api/managed-saas/activities', () => {
  it('lists the account’s events newest first, 10 a page, with the total', async () => {
    const res = await list(bearer(owner.jwt));
    expect(res.statusCode).toBe(200);
    const data = activitiesListSchema.parse(res.json().data);
    expect(data.total).toBe(15);
    expect(data.activities).toHaveLength(10);
    expect(data.activities.slice(0, 3)).toEqual([
      { activityId: expect.any(String), action: 'member.invited', message: 'Invited Jane (jane@x.com) as Viewer', instanceName: null, userName: 'Olga Owner', timestamp: expect.any(Number) },
      expect.objectContaining({ message: 'Started instance beta', instanceName: 'beta', userName: 'System' }),
      expect.objectContaining({ message: 'Stopped instance alpha', instanceName: 'alpha' }),
    ]);
    expect(data.activities[0]!.timestamp).toBeGreaterThan(data.activities[1]!.timestamp);
    const page2 = await list(bearer(owner.jwt), { page: '2' });
    expect(messagesOf(page2)).toHaveLength(5);
    expect(messagesOf(page2).at(-1)).toBe('Created role R11');
    expect(messagesOf(await list(bearer(owner.jwt), { limit: '3' }))).toHaveLength(3);
  });

  it('filters by message, action key or who did it', async () => {
    expect(messagesOf(await list(bearer(owner.jwt), { query: 'ALPHA' }))).toEqual(['Stopped instance alpha']);
    expect(messagesOf(await list(bearer(owner.jwt), { query: 'instance.started' }))).toEqual(['Started instance beta']);
    expect(messagesOf(await list(bearer(owner.jwt), { query: 'system' }))).toEqual(['Started instance beta']);
    const byOlga = await list(bearer(owner.jwt), { query: 'olga' });
    expect(byOlga.json().data.total).toBe(14);
    expect(messagesOf(await list(bearer(owner.jwt), { query: 'elsewhere' }))).toEqual([]);
  });

  it('shows a member scoped to some instances only those instances’ events (and the account-wide ones)', async () => {
    const scoped = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_ACTIVITY', 'VIEW_MEMBERS'], allInstances: false, instances: [instanceA] });
    const seen = messagesOf(await list(scoped.headers, { limit: '100' }));
    expect(seen).toContain('Stopped instance alpha');
    expect(seen).not.toContain('Started instance beta');
    expect(seen).toContain('Invited Jane (jane@x.com) as Viewer');
    expect((await list(scoped.headers)).json().data.total).toBe(14);
    const nowhere = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_ACTIVITY'], allInstances: false, instances: [] });
    const none = messagesOf(await list(nowhere.headers, { query: 'instance' }));
    expect(none).toEqual([]);
  });

  it('shows team and role lines only to a member who may open the Team screen (issue 42), the count being of what is shown', async () => {
    const activityOnly = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_ACTIVITY', 'VIEW_ROLES'] });
    const res = await list(activityOnly.headers, { limit: '100' });
    expect(messagesOf(res)).toEqual(['Started instance beta', 'Stopped instance alpha']);
    expect(res.json().data.total).toBe(2);
    expect(messagesOf(await list(activityOnly.headers, { query: 'jane' }))).toEqual([]);
    const team = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_ACTIVITY', 'EDIT_MEMBERS'] });
    expect((await list(team.headers)).json().data.total).toBe(15);
  });

  it('needs VIEW_ACTIVITY', async () => {
    const member = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_MEMBERS', 'EDIT_MEMBERS'] });
    expect((await list(member.headers)).statusCode).toBe(403);
    expect((await list({})).statusCode).toBe(401);
  });
});

describe('GET /api/limits', () => {
  it('answers the seats and sites left', async () => {
    const fresh = await signup(t);
    await addMember(t, fresh.user.tenantId);
    const res = await t.app.inject({ method: 'GET', url: '/api/limits', headers: bearer(fresh.jwt) });
    expect(res.statusCode).toBe(200);
    const seats = ACCOUNT_LIMITS.trial.teamMembers;
    expect(res.json()).toEqual({ data: { teamMember: { limit: seats, remaining: seats - 2 }, sites: { limit: ACCOUNT_LIMITS.trial.sites, remaining: ACCOUNT_LIMITS.trial.sites } } });
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(fresh.jwt) });
    expect(account.json().data.limits).toEqual(res.json().data);
  });
});
