import { afterAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, hasAnyPermission, type Permission } from '@replay/contracts';
import { newId } from '../src/lib/ids';
import { createTestApp } from './support/app';
import { bearer, signup } from './support/auth';
import { describeRoute, fillPath, guardLabel } from './support/route-table';
import { addMember } from './support/team';

/**
 * The RBAC matrix, generated from the server's route table: every /api route
 * × every kind of caller. Public routes answer the same whoever calls (the
 * guard stays out of it); authenticated routes refuse a missing or forged
 * token with 401; permission routes refuse a signed-in caller holding none of
 * their permissions with 403 and let every holder of any of them (and the
 * owner, and another account's owner on their own account) past the guard.
 * Path ids are random (nothing of anyone's), bodies empty: past the guard a
 * caller meets 400 or 404, never a change.
 */
const t = await createTestApp();
afterAll(() => t.close());

const owner = await signup(t);
const stranger = await signup(t);
const tenantId = owner.user.tenantId;

interface Caller {
  label: string;
  headers: Record<string, string>;
  permissions: readonly Permission[] | null;
}
const signedIn: Caller[] = [
  { label: 'the owner', headers: bearer(owner.jwt), permissions: PERMISSIONS },
  { label: 'another account’s owner', headers: bearer(stranger.jwt), permissions: PERMISSIONS },
  { label: 'a member with no permissions', headers: (await addMember(t, tenantId, { permissions: [] })).headers, permissions: [] },
];
for (const permission of PERMISSIONS) {
  signedIn.push({ label: `a member holding only ${permission}`, headers: (await addMember(t, tenantId, { permissions: [permission] })).headers, permissions: [permission] });
}
const anonymous: Caller[] = [
  { label: 'no token', headers: {}, permissions: null },
  { label: 'a forged token', headers: bearer(`${owner.jwt.slice(0, -4)}AAAA`), permissions: null },
];

const routes = t.app.apiRoutes;

function call(route: (typeof routes)[number], headers: Record<string, string>) {
  const url = fillPath(route.url, (name) => (/token/i.test(name) ? 'placeholder-token' : newId()));
  const withBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  return t.app.inject({ method: route.method as 'GET', url, headers, ...(withBody ? { payload: {} } : {}) });
}

describe('the route table', () => {
  it('holds every module’s routes, each with a guard', () => {
    const keys = routes.map(describeRoute);
    for (const key of ['GET /api/client/members', 'PUT /api/client/roles', 'POST /api/trails', 'GET /api/managed-saas/activities', 'POST /api/login']) {
      expect(keys).toContain(key);
    }
    for (const r of routes) expect(r.guard === 'public' || r.guard === 'authenticated' || Array.isArray(r.guard.anyOf)).toBe(true);
  });
});

describe.each(routes.map((r) => [`${describeRoute(r)} (${guardLabel(r)})`, r] as const))('%s', (_name, route) => {
  if (route.guard === 'public') {
    it('answers the same to every caller, never 403 and never the guard’s 401', async () => {
      const results = await Promise.all([...anonymous, signedIn[0]!, signedIn[2]!].map((c) => call(route, c.headers)));
      const statuses = results.map((r) => r.statusCode);
      expect(new Set(statuses).size, `statuses ${statuses.join(', ')}`).toBe(1);
      expect(statuses[0]).not.toBe(403);
      for (const r of results) expect(r.body).not.toContain('Authentication required.');
    });
    return;
  }

  it('refuses a missing or forged token with 401', async () => {
    for (const caller of anonymous) expect((await call(route, caller.headers)).statusCode, caller.label).toBe(401);
  });

  const guard = route.guard;
  it.each(signedIn.map((c) => [c.label, c] as const))('%s', async (_label, caller) => {
    const res = await call(route, caller.headers);
    if (guard === 'authenticated') {
      expect(res.statusCode, res.body).not.toBe(401);
      return;
    }
    if (hasAnyPermission(caller.permissions!, guard.anyOf)) {
      expect([401, 403], `${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
    } else {
      expect(res.statusCode, res.body).toBe(403);
    }
  });
});
