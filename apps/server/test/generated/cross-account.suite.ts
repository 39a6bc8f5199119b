import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PERMISSIONS } from '@replay/contracts';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../support/app';
import { bearer, signup } from '../support/auth';
import { asQuery, describeRoute, fillPath, pathParams, sampleFor } from '../support/route-table';
import { addInstance, addMember, auditRowsOf } from '../support/team';
import { addApiKey } from '../support/api-keys';
import { addScimToken, scimCall } from '../support/scim';
import { claimAndVerify } from '../account-sso/support';
import { isFirstShard, itemsOfShard, type Shard } from './shards';

/**
 * The cross-account test, generated from the route table: every route that
 * addresses something by id, called by account B's owner with each of
 * account A's real ids, answers 404 (as for an id that never existed) and
 * changes nothing of A. The ids are not listed by hand either: they are every
 * UUID found in A's rows of every table that carries a tenant_id, so the
 * tables and routes other modules add are covered as they arrive.
 * Run in shards (cross-account.<i>-of-<n>.test.ts, ./shards.ts): each takes every n-th id
 * route, with accounts A and B of its own.
 */

/** Account A, with something of every kind: members (joined and invited), roles, an instance, activity and audit rows. */
async function accountA(t: TestApp) {
  const a = await signup(t, { organizationName: 'Account A' });
  const aHeaders = bearer(a.jwt);
  const roleRes = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: aHeaders, payload: { name: 'A role', permissions: ['VIEW_INSTANCES'] } });
  const aRole = roleRes.json().data.roleId as string;
  await t.app.inject({ method: 'POST', url: '/api/client/members', headers: aHeaders, payload: { name: 'A Invitee', email: 'a.invitee@example.com', admin: false, roleId: aRole } });
  const aInstance = await addInstance(t, a.user.tenantId, 'a-instance');
  await addMember(t, a.user.tenantId, { permissions: [...PERMISSIONS], allInstances: false, instances: [aInstance] });
  // A project beside the instance's default one (whose id is the instance's).
  await t.app.inject({ method: 'POST', url: '/api/projects', headers: aHeaders, payload: { instanceId: aInstance, name: 'A project' } });
  // An API key of A's (its id joins A's ids), one used once (its use is a row too).
  const aKey = await addApiKey(t, a.jwt, { permissions: ['VIEW_INSTANCES'], ipAccessList: ['127.0.0.0/8'] });
  await t.app.inject({ method: 'GET', url: '/api/managed-saas/instances', headers: aKey.headers });
  await t.app.keyUsageDrain();
  // A support conversation with an attachment, and an operator's reply and internal note (their ids join A's).
  const aConversation = await t.app.inject({
    method: 'POST',
    url: '/api/support/conversations',
    headers: aHeaders,
    payload: { subject: 'A question', body: 'Hello', instanceId: aInstance, attachment: { name: 'a.log', mediaType: 'text/plain', contentBase64: Buffer.from('log line').toString('base64') } },
  });
  const aConversationId = aConversation.json().data.conversation.id as string;
  for (const internal of [false, true]) {
    await t.app.inject({ method: 'POST', url: `/api/operator/support/conversations/${aConversationId}/messages`, headers: bearer(TEST_OPERATOR_TOKEN), payload: { body: 'Answer', internal } });
  }
  // A's SCIM token, a user it created and a group holding them (their ids join A's).
  const aScim = await addScimToken(t, a.jwt);
  const aScimUser = await scimCall(t, aScim.headers, 'POST', '/Users', { userName: 'a.scim@example.com', name: { givenName: 'A', familyName: 'Scim' } });
  await scimCall(t, aScim.headers, 'POST', '/Groups', { displayName: 'A group', members: [{ value: aScimUser.json().id }] });
  // A's single sign-on connection and domains, one verified and one pending (their ids join A's).
  await t.app.inject({
    method: 'PUT',
    url: '/api/client/sso',
    headers: aHeaders,
    payload: { protocol: 'oidc', issuer: 'https://idp.a.example', clientId: 'a', clientSecret: 's', defaultRoleId: aRole, groupRoles: [{ group: 'g', roleId: aRole }] },
  });
  await claimAndVerify(t, a.jwt, 'it@a-verified.example');
  await t.app.inject({ method: 'POST', url: '/api/client/sso/domains', headers: aHeaders, payload: { email: 'it@a-pending.example' } });
  await auditRowsOf(t, a.user.tenantId);
  return { tenantId: a.user.tenantId, aConversationId, aKeyId: aKey.keyId };
}

/** Account B: its owner, an API key holding every permission and a SCIM token (A's ids are as absent to each as to B). */
async function accountB(t: TestApp) {
  const b = await signup(t, { organizationName: 'Account B' });
  const bKey = await addApiKey(t, b.jwt, { permissions: [...PERMISSIONS] });
  const bScim = await addScimToken(t, b.jwt);
  return { bHeaders: bearer(b.jwt), bKeyHeaders: bKey.headers, bScimHeaders: bScim.headers };
}

const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows;

/** Every table with a tenant_id column. */
async function tenantTablesOf(t: TestApp): Promise<string[]> {
  const found = await t.runtime.ctx.db.execute(sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id' order by table_name`);
  return rowsOf(found).map((r) => String(r.table_name));
}

/** A's rows everywhere (and its tenant row), plus A's sessions and reset links, and the mail count. */
async function dumpOf(t: TestApp, tenantTables: readonly string[], tenantId: string): Promise<string> {
  const db = t.runtime.ctx.db;
  const parts: Record<string, string[]> = {};
  for (const table of tenantTables) {
    const rows = rowsOf(await db.execute(sql`select to_jsonb(x)::text as row from ${sql.identifier(table)} x where x.tenant_id = ${tenantId}`));
    parts[table] = rows.map((r) => String(r.row)).sort();
  }
  const extra = {
    tenants: sql`select to_jsonb(x)::text as row from tenants x where x.id = ${tenantId}`,
    refresh_tokens: sql`select to_jsonb(x)::text as row from refresh_tokens x join users u on u.id = x.user_id where u.tenant_id = ${tenantId}`,
    password_resets: sql`select to_jsonb(x)::text as row from password_resets x join users u on u.id = x.user_id where u.tenant_id = ${tenantId}`,
    mail_outbox: sql`select count(*)::text as row from mail_outbox`,
  };
  for (const [name, query] of Object.entries(extra))
    parts[name] = rowsOf(await db.execute(query))
      .map((r) => String(r.row))
      .sort();
  return JSON.stringify(parts);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every UUID in A's rows: ids of members, roles, instances, activity and audit entries, and the tenant itself. */
function idsIn(dump: string): string[] {
  const found = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string' && UUID.test(v)) found.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const rows of Object.values(JSON.parse(dump) as Record<string, string[]>)) for (const row of rows) walk(JSON.parse(row));
  return [...found];
}

/** This shard's id routes, each called with every id of A's by B's owner, B's key and (SCIM routes) B's SCIM token. */
export async function crossAccountRoutes(shard: Shard): Promise<void> {
  // B's key makes a call per id per route: no per-key limit may cut them short.
  const t = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: '1000000' });
  afterAll(() => t.close());
  const a = await accountA(t);
  const { bHeaders, bKeyHeaders, bScimHeaders } = await accountB(t);
  const tenantTables = await tenantTablesOf(t);
  const dumpOfA = () => dumpOf(t, tenantTables, a.tenantId);
  // What A's setup set going after its commits (the event fan-out: positions, notifications) settles first: it is not B's doing.
  await t.runtime.drain();
  const before = await dumpOfA();
  const aIds = idsIn(before);
  const idRoutes = t.app.apiRoutes.filter((r) => r.guard !== 'public' && pathParams(r.url).length > 0);
  const mine = itemsOfShard(idRoutes, shard);

  describe('account A’s ids, used by account B’s owner', () => {
    if (isFirstShard(shard)) {
      it('are many, of every kind, and the routes addressing ids are found', () => {
        expect(tenantTables).toEqual(
          expect.arrayContaining([
            'users',
            'roles',
            'console_activities',
            'audit_trail',
            'instances',
            'api_keys',
            'support_conversations',
            'support_messages',
            'support_attachments',
            'sso_connections',
            'sso_domains',
          ]),
        );
        expect(aIds).toContain(a.aConversationId);
        expect(aIds).toContain(a.aKeyId);
        expect(aIds.length).toBeGreaterThan(8);
        expect(idRoutes.map(describeRoute)).toEqual(expect.arrayContaining(['GET /api/users/:id', 'PUT /api/client/members/:id', 'DELETE /api/client/roles/:id', 'GET /api/trails/:id']));
      });
    }

    it.each(mine.map((r) => [describeRoute(r), r] as const))('%s answers 404 for every one of them and changes nothing', async (_name, route) => {
      const body = sampleFor(route.schema.body);
      const query = sampleFor(route.schema.querystring);
      const valid = body.valid && query.valid;
      for (const id of aIds) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: fillPath(route.url, () => id),
          headers: bHeaders,
          query: asQuery(query.value),
          ...(route.schema.body ? { payload: body.value as object } : {}),
        });
        // With a body the schema accepts, the lookup itself must say 404. When none can be
        // made, validation answers first: 400 whatever the id, so nothing leaks either.
        // An operator's (or SCIM) route takes no member's credential at all: 401 before any id is read.
        expect(res.statusCode, `${id}: ${res.body}`).toBe(route.guard === 'operator' || route.guard === 'scim' ? 401 : valid ? 404 : 400);
      }
      expect(await dumpOfA()).toBe(before);
    });

    it.each(mine.map((r) => [describeRoute(r), r] as const))(
      '%s answers B’s API key as it answers B: 404 for every one of them (403 where keys never go), and changes nothing',
      async (_name, route) => {
        const body = sampleFor(route.schema.body);
        const query = sampleFor(route.schema.querystring);
        for (const id of aIds) {
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: fillPath(route.url, () => id),
            headers: bKeyHeaders,
            query: asQuery(query.value),
            ...(route.schema.body ? { payload: body.value as object } : {}),
          });
          expect(res.statusCode, `${id}: ${res.body}`).toBe(route.guard === 'operator' || route.guard === 'scim' ? 401 : route.peopleOnly ? 403 : body.valid && query.valid ? 404 : 400);
        }
        await t.app.keyUsageDrain();
        expect(await dumpOfA()).toBe(before);
      },
    );

    it.each(mine.filter((r) => r.guard === 'scim').map((r) => [describeRoute(r), r] as const))('%s answers B’s SCIM token 404 for every one of them, and changes nothing', async (_name, route) => {
      const body = sampleFor(route.schema.body);
      expect(body.valid, 'a SCIM body is samplable, so the lookup is reached').toBe(true);
      for (const id of aIds) {
        const res = await t.app.inject({ method: route.method as 'GET', url: fillPath(route.url, () => id), headers: bScimHeaders, ...(route.schema.body ? { payload: body.value as object } : {}) });
        expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
      }
      expect(await dumpOfA()).toBe(before);
    });

    if (isFirstShard(shard)) {
      it('my own modules’ bodies are all samplable, so their id routes are checked down to the lookup', () => {
        const own = idRoutes.filter((r) => /\/(client|users|trails)\//.test(r.url));
        for (const r of own) expect(sampleFor(r.schema.body).valid, describeRoute(r)).toBe(true);
      });
    }
  });
}
