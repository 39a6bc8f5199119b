import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, hasAnyPermission, type AuditEntry, type Permission } from '@replay/contracts';
import { auditTrail } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import type { ApiRoute } from '../src/modules/audit/audit.plugin';
import { createTestApp } from './support/app';
import { insertAuditRows } from './support/audit-chain';
import { bearer, signup } from './support/auth';
import { addApiKey } from './support/api-keys';
import { describeRoute } from './support/route-table';
import { addInstance, addMember } from './support/team';

/**
 * The RBAC matrix of the audit trail's ROWS (issue 42), generated from the server's route
 * table: the trail holds one entry of every route the trail can record (every /api route but
 * the public reads), made by someone else, the instance calls once on an instance in the
 * readers' scope and once outside it; each profile reads the whole trail (paging through)
 * and must see exactly the entries its role would let it read elsewhere:
 *
 * - its own entries, always;
 * - a person's own call (guard public or authenticated): others' need VIEW_MEMBERS or EDIT_MEMBERS;
 * - a call guarded by permissions: the reader holds VIEW_x or EDIT_x of one of them;
 * - and an instance-area call (guarded by an instances permission) needs the instance in
 *   the reader's scope; one about no instance, the all-instances scope.
 *
 * The rule is written here over the rows the server answered, apart from the query that
 * applies it (audit.visibility.ts); a route added later is covered as it is mounted.
 */
const t = await createTestApp();
afterAll(() => t.close());

const owner = await signup(t);
const tenantId = owner.user.tenantId;
const inside = await addInstance(t, tenantId, 'inside');
const outside = await addInstance(t, tenantId, 'outside');
const actor = await addMember(t, tenantId, { permissions: PERMISSIONS, name: 'Someone Else' });

const recordable = t.app.apiRoutes.filter((r) => !(r.guard === 'public' && r.method === 'GET' && !r.audited));
const isInstanceArea = (r: Pick<ApiRoute, 'guard'>) => typeof r.guard !== 'string' && r.guard.anyOf.some((p) => p.endsWith('_INSTANCES'));
/** The view and edit permission of each permission a guard names: reading a call's record needs one of them. */
const readersOf = (anyOf: readonly Permission[]): Permission[] => PERMISSIONS.filter((p) => anyOf.some((g) => g.replace(/^(VIEW|EDIT)_/, '') === p.replace(/^(VIEW|EDIT)_/, '')));

interface Profile {
  label: string;
  headers: Record<string, string>;
  permissions: readonly Permission[];
  /** null: every instance. */
  instances: string[] | null;
  /** The entries' actor of its own rows (a key's are the key's). */
  own: { userId: string | null; apiKeyId: string | null };
}

const profiles: Profile[] = [];
async function person(label: string, permissions: readonly Permission[], instances: string[] | null) {
  const m = await addMember(t, tenantId, { permissions, allInstances: instances === null, instances: instances ?? [] });
  profiles.push({ label, headers: m.headers, permissions, instances, own: { userId: m.userId, apiKeyId: null } });
}
async function key(label: string, permissions: readonly Permission[], instances: string[] | null) {
  const k = await addApiKey(t, owner.jwt, { permissions, allInstances: instances === null, instances: instances ?? [] });
  profiles.push({ label, headers: k.headers, permissions, instances, own: { userId: null, apiKeyId: k.keyId } });
}
profiles.push({ label: 'the owner', headers: bearer(owner.jwt), permissions: PERMISSIONS, instances: null, own: { userId: owner.user.userId, apiKeyId: null } });
await person('VIEW_ACTIVITY alone', ['VIEW_ACTIVITY'], null);
for (const p of PERMISSIONS.filter((x) => x !== 'VIEW_ACTIVITY')) await person(`VIEW_ACTIVITY and ${p}`, ['VIEW_ACTIVITY', p], null);
await person('every permission, one instance', PERMISSIONS, [inside]);
await person('VIEW_INSTANCES and VIEW_ACTIVITY on one instance (the issue’s member)', ['VIEW_INSTANCES', 'VIEW_ACTIVITY'], [inside]);
await person('VIEW_ACTIVITY and VIEW_INSTANCES on no instance', ['VIEW_ACTIVITY', 'VIEW_INSTANCES'], []);
await key('an API key holding every permission', PERMISSIONS, null);
await key('an API key holding VIEW_ACTIVITY and VIEW_BILLING', ['VIEW_ACTIVITY', 'VIEW_BILLING'], null);
await key('an API key holding VIEW_ACTIVITY and EDIT_INSTANCES on one instance', ['VIEW_ACTIVITY', 'EDIT_INSTANCES'], [inside]);

const now = t.clock.now().getTime();
let at = 0;
const entry = (route: ApiRoute, by: { userId: string | null; apiKeyId: string | null; name: string }, instanceId: string | null) => ({
  id: newId(),
  tenantId,
  userId: by.userId,
  apiKeyId: by.apiKeyId,
  username: by.name,
  email: '',
  action: route.action,
  method: route.method,
  route: route.url,
  endpoint: route.url,
  parameters: {},
  payload: null,
  status: 200,
  instanceId,
  requestId: 'rbac-trail',
  createdAt: new Date(now - 60_000 + (at += 1)),
});

beforeAll(async () => {
  const someoneElse = { userId: actor.userId, apiKeyId: null, name: actor.name };
  const rows = recordable.flatMap((r) => (r.instanceParam ? [entry(r, someoneElse, inside), entry(r, someoneElse, outside)] : [entry(r, someoneElse, null)]));
  // A call the table no longer declares: only a reader of every area sees it.
  rows.push({ ...entry(recordable[0]!, someoneElse, null), method: 'POST', route: '/api/retired-call', action: 'Retired call' });
  // Each profile's own sign-in and billing change: always theirs to see.
  const login = recordable.find((r) => describeRoute(r) === 'POST /api/login')!;
  const billing = recordable.find((r) => describeRoute(r) === 'PUT /api/plans/edit')!;
  for (const p of profiles) for (const r of [login, billing]) rows.push(entry(r, { ...p.own, name: p.label }, null));
  await insertAuditRows(t.runtime.ctx.db, rows);
});

/** Whether `p` may see a row, by the rule above, over what the server answered. */
function expectedVisible(p: Profile, row: AuditEntry & { route: string }, instanceId: string | null): boolean {
  if ((p.own.userId !== null && row.userId === p.own.userId) || (p.own.apiKeyId !== null && row.apiKeyId === p.own.apiKeyId)) return true;
  const route = t.app.apiRoutes.find((r) => r.method === row.method && r.url === row.route);
  const seesAll = p.instances === null && PERMISSIONS.every((perm) => hasAnyPermission(p.permissions, readersOf([perm])));
  if (!route) return seesAll;
  if (typeof route.guard === 'string') return hasAnyPermission(p.permissions, ['VIEW_MEMBERS', 'EDIT_MEMBERS']);
  if (!hasAnyPermission(p.permissions, readersOf(route.guard.anyOf))) return false;
  if (!isInstanceArea(route) || p.instances === null) return true;
  return instanceId !== null && p.instances.includes(instanceId);
}

/** Every entry a profile reads, paging through 100 at a time, with the count the first page gave. */
async function readAll(p: Profile): Promise<{ rows: AuditEntry[]; count: number }> {
  const rows: AuditEntry[] = [];
  let count = -1;
  for (let page = 1; page <= 50; page++) {
    const res = await t.app.inject({ method: 'POST', url: '/api/trails', headers: p.headers, payload: { page, limit: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { sessions: AuditEntry[]; count: number };
    if (count === -1) count = data.count;
    rows.push(...data.sessions);
    if (data.sessions.length < 100) break;
  }
  return { rows, count };
}

describe('the audit trail’s rows, for every profile', () => {
  it('holds an entry of every recordable route (the table drives the seed)', () => {
    expect(recordable.length).toBeGreaterThan(60);
    expect(recordable.map(describeRoute)).toEqual(expect.arrayContaining(['PUT /api/plans/edit', 'POST /api/client/roles/:id', 'POST /api/login/mfa', 'PUT /api/webhooks']));
  });

  it.each(profiles.map((p) => [p.label, p] as const))('%s sees exactly what its role reads elsewhere', async (_label, p) => {
    const { rows, count } = await readAll(p);
    expect(count, 'the count is of the rows shown').toBe(rows.length);
    const shown = new Set(rows.map((r) => r.id));
    // Every row of the account, read by the owner (who sees all), judged for this profile.
    const everything = (await readAll(profiles[0]!)).rows;
    const instanceOf = new Map((await t.runtime.ctx.db.select({ id: auditTrail.id, instanceId: auditTrail.instanceId }).from(auditTrail)).map((r) => [r.id, r.instanceId]));
    const wrong: string[] = [];
    for (const row of everything) {
      const expected = expectedVisible(p, row as AuditEntry & { route: string }, instanceOf.get(row.id) ?? null);
      if (expected !== shown.has(row.id))
        wrong.push(
          `${expected ? 'missing' : 'leaked'}: ${row.method} ${row.route} by ${row.username} on ${instanceOf.get(row.id) === inside ? 'inside' : instanceOf.get(row.id) === outside ? 'outside' : 'no instance'}`,
        );
    }
    expect(wrong).toEqual([]);
    // One entry read by id follows the same rule: a hidden one is absent (404).
    const hidden = everything.find((r) => !shown.has(r.id));
    if (hidden) expect((await t.app.inject({ method: 'GET', url: `/api/trails/${hidden.id}`, headers: p.headers })).statusCode).toBe(404);
  });

  it('refuses the trail (403) to a member without VIEW_ACTIVITY, whatever else they hold', async () => {
    const m = await addMember(t, tenantId, { permissions: PERMISSIONS.filter((p) => p !== 'VIEW_ACTIVITY') });
    expect((await t.app.inject({ method: 'POST', url: '/api/trails', headers: m.headers, payload: {} })).statusCode).toBe(403);
  });
});
