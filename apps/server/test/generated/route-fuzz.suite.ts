import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { PERMISSIONS } from '@replay/contracts';
import { auditTrail } from '../../src/db/schema';
import { loadPrincipal } from '../../src/lib/principal';
import { createSessionService, sessionDepsOf } from '../../src/modules/auth/session.service';
import { ROUTER_REFUSALS } from '../../src/app';
import type { ApiRoute } from '../../src/modules/audit/audit.plugin';
import { createTestApp, TEST_OPERATOR_TOKEN } from '../support/app';
import { expectErrorAnswerShape } from '../support/error-answer';
import { bearer, signup } from '../support/auth';
import { anyJson, hostileNumber, hostileText, paramFor, queryFor, valueFor, type Pools } from '../support/hostile-input';
import { describeRoute, injectRoute, inputShapeOf, pathParams, sampleFor } from '../support/route-table';
import { addInstance, auditRowsOf, invitationLinksTo, tokenOfLink } from '../support/team';
import { addApiKey } from '../support/api-keys';
import { addScimToken } from '../support/scim';
import { itemsOfShard, type Shard } from './shards';
import { answeringDriver } from './route-fuzz.driver';

/**
 * Hostile input at every /api route, generated from the server's own route
 * table (like the RBAC matrix), so routes added later are covered too. The
 * caller is an account owner (every permission), so requests get past the
 * guard; path ids are real rows of the account (an instance, a role, a
 * member, an audit entry, an invitation token), random ones, or hostile text.
 * Bodies are valid-shaped with hostile strings and numbers, or any JSON.
 * Every answer must be below 500, a 400 must say why, and every audited call
 * that the trail can name a person for must leave its record.
 *
 * Run in shards (route-fuzz.<i>-of-<n>.test.ts, ./shards.ts): each takes every n-th route on
 * an account of its own; a route's requests depend on the seed only, not on its shard.
 * Reproduce a failure with the seed fast-check prints: FUZZ_SEED=<seed>.
 * FUZZ_RUNS sets the requests per route.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_808);
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);

/** The fuzzed account: its owner, a row of every kind the path ids are drawn from, and the credentials of each guard. */
async function fuzzedAccount() {
  // The API key caller makes every route's runs again: no per-key limit may cut them short.
  const t = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: '1000000' }, { driver: answeringDriver });
  const owner = await signup(t, { fullname: 'Fuzz Owner' });
  const headers = bearer(owner.jwt);
  const tenantId = owner.user.tenantId;
  const inject = (method: string, url: string, payload?: object) => t.app.inject({ method: method as 'GET', url, headers, payload });

  const instanceId = await addInstance(t, tenantId, 'Fuzzed instance');
  const roleId = (await inject('PUT', '/api/client/roles', { name: 'Fuzzed role', permissions: ['VIEW_INSTANCES'] })).json().data.roleId as string;
  const memberEmail = 'fuzzed.member@example.com';
  const memberId = (await inject('POST', '/api/client/members', { name: 'Fuzzed Member', email: memberEmail, roleId })).json().data.userId as string;
  const invitationToken = tokenOfLink((await invitationLinksTo(t, memberEmail))[0]!);
  const auditId = (await auditRowsOf(t, tenantId))[0]!.id;
  // A key the fuzzed calls may rotate or revoke, and the key that calls them (holding every permission; not in the pools).
  const targetKey = await addApiKey(t, owner.jwt, { permissions: ['VIEW_INSTANCES'] });
  const callerKey = await addApiKey(t, owner.jwt, { permissions: PERMISSIONS });
  // A support conversation with a log attached: the operator routes' ids (called with the operator token, their credential).
  const conversation = (await inject('POST', '/api/support/conversations', { subject: 'Fuzzed', body: 'Help', attachment: { name: 'a.log', mediaType: 'text/plain', contentBase64: 'bG9n' } })).json()
    .data;
  const conversationId = conversation.conversation.id as string;
  const attachmentId = conversation.messages[0].attachments[0].id as string;
  // The SCIM routes' credential: the account's SCIM token (the owner's calls that rotate or revoke it are mounted, so fuzzed, after them).
  const scimHeaders = (await addScimToken(t, owner.jwt)).headers;
  const pools: Pools = { ids: [instanceId, roleId, memberId, owner.user.userId, auditId, targetKey.keyId, conversationId, attachmentId], tokens: [invitationToken] };
  const sessions = createSessionService(sessionDepsOf(t.runtime.ctx));
  const ownerPrincipal = (await loadPrincipal(t.runtime.ctx.db, owner.user.userId, tenantId))!;
  return { t, headers, operatorHeaders: bearer(TEST_OPERATOR_TOKEN), scimHeaders, callerKey, conversationId, pools, sessions, ownerPrincipal };
}
type FuzzedAccount = Awaited<ReturnType<typeof fuzzedAccount>>;

/** One fuzzed request: the path's parameters, the query string, the body (undefined: none). */
type FuzzRequest = { path: string[]; query: string; body: unknown };

function requestsFor(route: ApiRoute, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const shape = inputShapeOf(route.schema.body);
  const body = route.schema.body
    ? fc.oneof({ arbitrary: valueFor(shape ?? undefined, sampleFor(route.schema.body).value, pools), weight: 4 }, anyJson, fc.constant(undefined))
    : fc.constant(undefined);
  return fc.record({
    path: fc.tuple(...pathParams(route.url).map((name) => paramFor(name, pools))),
    query: queryFor(inputShapeOf(route.schema.querystring), pools),
    body,
  });
}

/**
 * Public calls get a refresh cookie and an access token of a throwaway session
 * of the owner's (in place of the owner's own token): /logout and /refresh
 * spend or end the session they are given, and the owner's own must outlive the run.
 */
async function send(f: FuzzedAccount, route: ApiRoute, r: FuzzRequest, as: Record<string, string> = f.headers) {
  let i = 0;
  const url = route.url.replace(/:\w+/g, () => r.path[i++]!) + r.query;
  const throwaway = route.guard === 'public' ? await f.sessions.start(f.ownerPrincipal) : null;
  const sent = throwaway && as === f.headers ? bearer(throwaway.jwt) : as;
  const json = r.body === undefined ? {} : { payload: JSON.stringify(r.body), headers: { ...sent, 'content-type': 'application/json' } };
  const cookies: Record<string, string> = throwaway ? { refresh_token: throwaway.refreshToken } : {};
  return injectRoute(f.t.app, route, { method: route.method as 'GET', url, headers: sent, cookies, ...json });
}

/**
 * Public calls the trail never names anyone for, by design (docs/decisions/team.md,
 * "what the audit trail records"): anyone may ask a reset link for anyone.
 */
const NEVER_ATTRIBUTED: ReadonlySet<string> = new Set(['POST /api/password/reset-link']);

/**
 * Whether the trail must hold this call: an audited route, reached (the router
 * refuses a malformed or overlong path before any route runs), and either
 * signed in or a public call that succeeded, which names someone.
 * `operatorConversation` is the conversation an operator's call was about, when it is the account's.
 */
function mustRecord(route: ApiRoute, res: { statusCode: number; body: string }, operatorConversation?: boolean): boolean {
  if (!route.audited || NEVER_ATTRIBUTED.has(describeRoute(route)) || refusedByRouter(res)) return false;
  // An operator is no account's: their call is recorded in the account of the conversation its path names, whatever the answer.
  if (route.guard === 'operator') return operatorConversation === true;
  // A SCIM call is recorded in its token's account, as the token, whatever the answer.
  if (route.guard === 'scim') return true;
  return route.guard !== 'public' || res.statusCode < 300;
}

/**
 * Fastify's own answer to a path it cannot route, or the API's 404 for a path
 * that matched no route (a hostile parameter can make the path another
 * route's or none): no handler ran, so there is nothing to record.
 */
const ROUTER_BODIES: ReadonlySet<string> = new Set(Object.values(ROUTER_REFUSALS).map((r) => JSON.stringify({ errors: [r.message], code: r.code })));
const refusedByRouter = (res: { statusCode: number; body: string }) => ROUTER_BODIES.has(res.body) || (res.statusCode === 404 && res.body.startsWith('{"errors":["No route '));

/** The trail's records of one request: who made it (a person or a key). */
async function recordsOf(f: FuzzedAccount, requestId: string) {
  await f.t.app.auditDrain();
  return f.t.runtime.ctx.db.select({ apiKeyId: auditTrail.apiKeyId, userId: auditTrail.userId }).from(auditTrail).where(eq(auditTrail.requestId, requestId));
}

/** This shard's routes, each fuzzed as the owner (or its guard's credential) and as an API key holding every permission. */
export async function fuzzRoutes(shard: Shard): Promise<void> {
  const f = await fuzzedAccount();
  afterAll(() => f.t.close());
  const routes = itemsOfShard(f.t.app.apiRoutes, shard);

  describe.each(routes.map((r) => [describeRoute(r), r] as const))('%s', (_name, route) => {
    it('answers hostile input below 500, says why when it refuses, and records every audited call', async () => {
      await fc.assert(
        fc.asyncProperty(requestsFor(route, f.pools), async (r) => {
          const res = await send(f, route, r, route.guard === 'operator' ? f.operatorHeaders : route.guard === 'scim' ? f.scimHeaders : f.headers);
          const seen = `${res.statusCode} ${res.body.slice(0, 300)} for ${JSON.stringify(r).slice(0, 300)}`;
          expect(res.statusCode, seen).toBeLessThan(500);
          // Every refusal says why, in the wire's shape with its code, the router's own refusals included.
          expectErrorAnswerShape(res, seen);
          if (mustRecord(route, res, r.path[0] === f.conversationId)) {
            expect(await recordsOf(f, String(res.headers['x-request-id'])), `no audit record: ${seen}`).toHaveLength(1);
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    });

    if (route.guard === 'public') return;
    it('answers hostile input from an API key holding every permission below 500, and records its audited calls as the key', async () => {
      await fc.assert(
        fc.asyncProperty(requestsFor(route, f.pools), async (r) => {
          const res = await send(f, route, r, f.callerKey.headers);
          const seen = `${res.statusCode} ${res.body.slice(0, 300)} for ${JSON.stringify(r).slice(0, 300)}`;
          expect(res.statusCode, seen).toBeLessThan(500);
          expectErrorAnswerShape(res, seen);
          if (route.peopleOnly && !refusedByRouter(res)) expect(res.statusCode, seen).toBe(403);
          // A key is no operator nor identity provider: refused before anything is read, so there is no account to record it in.
          if ((route.guard === 'operator' || route.guard === 'scim') && !refusedByRouter(res)) {
            expect(res.statusCode, seen).toBe(401);
            return;
          }
          if (mustRecord(route, res)) {
            const records = await recordsOf(f, String(res.headers['x-request-id']));
            expect(records, `no audit record: ${seen}`).toHaveLength(1);
            expect(records[0]).toEqual({ apiKeyId: f.callerKey.keyId, userId: null });
          }
        }),
        { seed: SEED, numRuns: Math.max(5, Math.ceil(RUNS / 5)), endOnFailure: true },
      );
    });
  });

  describe('every route’s schemas accept only storable values', () => {
    it.each(routes.map((r) => [describeRoute(r), r] as const))('%s', (_name, route) => expectStorableOnly(route, f.pools));
  });
}

// The contract's own rule, without the database.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What any column can hold: text without NUL or unpaired surrogates and of sane length, finite safe numbers, real dates. */
function unstorable(value: unknown, at = ''): string | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return `${at}: NUL`;
    if (LONE_SURROGATE.test(value)) return `${at}: unpaired surrogate`;
    return value.length > 10_000 ? `${at}: ${value.length} characters` : null;
  }
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER ? null : `${at}: ${value}`;
  if (value instanceof Date) return Number.isFinite(value.getTime()) && value.getUTCFullYear() <= 9999 ? null : `${at}: ${value}`;
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = unstorable(k, `${at}.key`) ?? unstorable(v, `${at}.${k}`);
      if (found) return found;
    }
  }
  return null;
}

const textOrNumber = fc.oneof(hostileText, hostileNumber.map(String));

/** Every value the route's path, query and body schemas accept is one a column can store. */
function expectStorableOnly(route: ApiRoute, pools: Pools): void {
  for (const part of ['params', 'querystring', 'body'] as const) {
    const schema = route.schema[part] as { safeParse(v: unknown): { success: boolean; data?: unknown } } | undefined;
    if (!schema) continue;
    const shape = inputShapeOf(schema);
    // Path and query values arrive as text; bodies as JSON of the schema's shape.
    const values =
      part === 'body'
        ? valueFor(shape ?? undefined, sampleFor(schema).value, pools)
        : fc.record(Object.fromEntries(Object.keys(shape?.properties ?? {}).map((k) => [k, textOrNumber])), { requiredKeys: [] });
    fc.assert(
      fc.property(values, (v) => {
        const parsed = schema.safeParse(v);
        if (!parsed.success) return;
        expect(unstorable(parsed.data, part), JSON.stringify(v).slice(0, 200)).toBeNull();
      }),
      { seed: SEED, numRuns: RUNS * 8 },
    );
  }
}
