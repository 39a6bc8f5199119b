import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SSO_MESSAGES, AUDIT_MESSAGES, PERMISSIONS, SCIM_MESSAGES, hasAnyPermission, type Permission } from '@replay/contracts';
import { newId } from '../../src/lib/ids';
import type { ApiRoute } from '../../src/modules/audit/audit.plugin';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../support/app';
import { bearer, signup } from '../support/auth';
import { expectErrorAnswerShape } from '../support/error-answer';
import { describeRoute, fillPath, guardLabel, injectRoute } from '../support/route-table';
import { addMember, tokenFor } from '../support/team';
import { addApiKey } from '../support/api-keys';
import { addScimToken } from '../support/scim';
import { isFirstShard, itemsOfShard, type Shard } from './shards';
import { invitationLinkMatrix, type Caller } from './rbac-matrix.invitations';

/**
 * The RBAC matrix, generated from the server's route table: every /api route
 * × every kind of caller. Public routes answer the same whoever calls (the
 * guard stays out of it); authenticated routes refuse a missing or forged
 * token with 401; permission routes refuse a signed-in caller holding none of
 * their permissions with 403 and let every holder of any of them (and the
 * owner, and another account's owner on their own account) past the guard.
 * Path ids are random (nothing of anyone's), bodies empty: past the guard a
 * caller meets 400 or 404, never a change.
 * Run in shards (rbac-matrix.<i>-of-<n>.test.ts, ./shards.ts): each takes every n-th route,
 * with callers of its own; shard 1 also checks the table itself and the invitation links.
 */

/** Every kind of caller: the owners, members and API keys holding each permission, and the credentials that are none. */
async function callersOf(t: TestApp) {
  const owner = await signup(t);
  const stranger = await signup(t);
  const tenantId = owner.user.tenantId;
  const signedInMember = await addMember(t, tenantId, { permissions: [] });
  const signedIn: Caller[] = [
    { label: 'the owner', headers: bearer(owner.jwt), permissions: PERMISSIONS },
    { label: 'another account’s owner', headers: bearer(stranger.jwt), permissions: PERMISSIONS },
    { label: 'a member with no permissions', headers: signedInMember.headers, permissions: [] },
  ];
  for (const permission of PERMISSIONS) {
    signedIn.push({ label: `a member holding only ${permission}`, headers: (await addMember(t, tenantId, { permissions: [permission] })).headers, permissions: [permission] });
  }
  // API keys, by construction: one holding each permission alone, one holding every permission, one holding none.
  const keyCallers: Caller[] = [
    { label: 'an API key holding every permission', headers: (await addApiKey(t, owner.jwt, { permissions: PERMISSIONS })).headers, permissions: PERMISSIONS, viaKey: true },
    { label: 'an API key holding no permission', headers: (await addApiKey(t, owner.jwt, { permissions: [] })).headers, permissions: [], viaKey: true },
  ];
  for (const permission of PERMISSIONS) {
    keyCallers.push({ label: `an API key holding only ${permission}`, headers: (await addApiKey(t, owner.jwt, { permissions: [permission] })).headers, permissions: [permission], viaKey: true });
  }
  signedIn.push(...keyCallers);
  const revokedKey = await addApiKey(t, owner.jwt, { permissions: PERMISSIONS });
  await t.app.inject({ method: 'DELETE', url: `/api/client/api-keys/${revokedKey.keyId}`, headers: bearer(owner.jwt) });
  const anonymous: Caller[] = [
    { label: 'no token', headers: {}, permissions: null },
    { label: 'a forged token', headers: bearer(`${owner.jwt.slice(0, -4)}AAAA`), permissions: null },
    { label: 'an unknown API key', headers: bearer(`rck_${'x'.repeat(43)}`), permissions: null },
    { label: 'a revoked API key', headers: revokedKey.headers, permissions: null },
  ];
  // The owner's account's SCIM token (the identity provider's credential), and a revoked one.
  const scimHeaders = (await addScimToken(t, owner.jwt)).headers;
  const revokedScim = await addScimToken(t, stranger.jwt);
  await t.app.inject({ method: 'DELETE', url: '/api/client/scim/token', headers: bearer(stranger.jwt) });
  anonymous.push({ label: 'a revoked SCIM token', headers: revokedScim.headers, permissions: null });
  return { owner, signedInMember, signedIn, anonymous, scimHeaders };
}

type Stricter = Record<string, { admits: (held: readonly Permission[]) => boolean; message: string }>;
/** A permission's area: VIEW_BILLING and EDIT_BILLING both read billing. */
const areaOf = (p: Permission): string => p.replace(/^(VIEW|EDIT)_/, '');
const holdsEvery = (held: readonly Permission[]) => PERMISSIONS.every((p) => held.includes(p));

/**
 * Routes whose answer asks more of a holder than the guard, by rule: who else is refused
 * (403) and with which words. The signed audit export holds every record of the account, so
 * only a reader of the whole trail (every area, all instances: audit.visibility.ts) may take it.
 * The single sign-on calls answer the account's owner only, whatever else a member holds.
 */
function beyondGuardOf(routes: readonly ApiRoute[]): Stricter {
  return {
    'GET /api/trails/export': { admits: (held) => PERMISSIONS.every((p) => held.some((h) => areaOf(h) === areaOf(p))), message: AUDIT_MESSAGES.exportNeedsAllInstances },
    // A SCIM token creates members and gives roles: only an owner (who holds every permission) manages one.
    ...Object.fromEntries(
      ['GET /api/client/scim', 'POST /api/client/scim/token', 'DELETE /api/client/scim/token', 'PUT /api/client/scim/groups/:id'].map((key) => [
        key,
        { admits: holdsEvery, message: SCIM_MESSAGES.ownerOnly },
      ]),
    ),
    // Single sign-on is the owner's alone (issue 45): of the matrix's callers only the owners hold every permission.
    ...Object.fromEntries(routes.filter((r) => r.url.startsWith('/api/client/sso')).map((r) => [describeRoute(r), { admits: holdsEvery, message: ACCOUNT_SSO_MESSAGES.ownerOnly }])),
  };
}

/** One call of the matrix; every error answer it gets must be of the wire's shape. */
async function call(t: TestApp, route: ApiRoute, headers: Record<string, string>) {
  const url = fillPath(route.url, (name) => (/token/i.test(name) ? 'placeholder-token' : newId()));
  const withBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  const res = await injectRoute(t.app, route, { method: route.method as 'GET', url, headers, ...(withBody ? { payload: {} } : {}) });
  expectErrorAnswerShape(res);
  return res;
}

/** This shard's routes × every caller; in shard 1, the route table's own check and who sees an invitation's link. */
export async function rbacMatrix(shard: Shard): Promise<void> {
  const t = await createTestApp();
  afterAll(() => t.close());
  const { owner, signedInMember, signedIn, anonymous, scimHeaders } = await callersOf(t);
  const routes = t.app.apiRoutes;
  const beyondGuard = beyondGuardOf(routes);
  const operatorHeaders = bearer(TEST_OPERATOR_TOKEN);

  if (isFirstShard(shard)) {
    describe('the route table', () => {
      it('holds every module’s routes, each with a guard', () => {
        const keys = routes.map(describeRoute);
        for (const key of ['GET /api/client/members', 'PUT /api/client/roles', 'POST /api/trails', 'GET /api/managed-saas/activities', 'POST /api/login']) {
          expect(keys).toContain(key);
        }
        for (const r of routes) expect(r.guard === 'public' || r.guard === 'authenticated' || r.guard === 'operator' || r.guard === 'scim' || Array.isArray(r.guard.anyOf)).toBe(true);
        expect(keys).toContain('GET /api/operator/support/conversations');
        expect(keys).toContain('PATCH /api/scim/v2/Users/:id');
      });
    });
  }

  describe.each(itemsOfShard(routes, shard).map((r) => [`${describeRoute(r)} (${guardLabel(r)})`, r] as const))('%s', (_name, route) => {
    if (route.guard === 'public') {
      it('answers the same to every caller, never 403 and never the guard’s 401', async () => {
        // Throwaway sessions of the owner's and a member's: GET /logout ends the session of the token it is given.
        const people = await Promise.all([owner.user, signedInMember].map(async (user) => ({ headers: bearer(await tokenFor(t, user)) })));
        const results = await Promise.all([...anonymous, ...people].map((c) => call(t, route, c.headers)));
        const statuses = results.map((r) => r.statusCode);
        expect(new Set(statuses).size, `statuses ${statuses.join(', ')}`).toBe(1);
        expect(statuses[0]).not.toBe(403);
        for (const r of results) expect(r.body).not.toContain('Authentication required.');
      });
      return;
    }

    it('refuses a missing or forged token, and an unknown or revoked API key, with 401', async () => {
      for (const caller of anonymous) expect((await call(t, route, caller.headers)).statusCode, caller.label).toBe(401);
    });

    // The operator token opens the operator routes and nothing else: to every other route it is no credential.
    it('lets the operator token past the guard of an operator route only (401 elsewhere)', async () => {
      const res = await call(t, route, operatorHeaders);
      if (route.guard === 'operator') expect([401, 403], `${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
      else expect(res.statusCode, res.body).toBe(401);
    });

    // Likewise a SCIM token opens the SCIM routes (of its own account) and nothing else.
    it('lets a SCIM token past the guard of a SCIM route only (401 elsewhere)', async () => {
      const res = await call(t, route, scimHeaders);
      if (route.guard === 'scim') expect([401, 403], `${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
      else expect(res.statusCode, res.body).toBe(401);
    });

    const guard = route.guard;
    it.each(signedIn.map((c) => [c.label, c] as const))('%s', async (_label, caller) => {
      const res = await call(t, route, caller.headers);
      // No member's session or key, the owner's included, is an operator or an identity provider: 401 as for a stranger.
      if (guard === 'operator' || guard === 'scim') {
        expect(res.statusCode, res.body).toBe(401);
        return;
      }
      if (caller.viaKey && route.peopleOnly) {
        expect(res.statusCode, res.body).toBe(403);
        return;
      }
      if (guard === 'authenticated') {
        expect(res.statusCode, res.body).not.toBe(401);
        return;
      }
      const stricter = beyondGuard[describeRoute(route)];
      if (hasAnyPermission(caller.permissions!, guard.anyOf) && stricter && !stricter.admits(caller.permissions!)) {
        expect(res.statusCode, res.body).toBe(403);
        expect((res.json() as { errors: string[] }).errors).toEqual([stricter.message]);
      } else if (hasAnyPermission(caller.permissions!, guard.anyOf)) {
        expect([401, 403], `${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode, res.body).toBe(403);
      }
    });
  });

  if (isFirstShard(shard)) invitationLinkMatrix(t, owner, signedIn);
}
