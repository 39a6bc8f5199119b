import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, auditActionLabel, auditKey, isAuditedCall, isUuid, toStorableText, type Guard } from '@replay/contracts';
import { hashToken, newId } from '../lib/ids';
import type { Principal } from '../lib/principal';
import { auditRepo, type AuditActor } from '../modules/audit/audit.repo';
import { auditPayload, redact, UNSTORABLE_PAYLOAD } from '../modules/audit/redact';
import { readRefreshCookie } from '../modules/auth/cookie';

/** One /api route as registered: who may call it, its schemas, and how the trail labels it. */
export interface ApiRoute {
  method: string;
  url: string;
  guard: Guard;
  schema: { params?: unknown; querystring?: unknown; body?: unknown };
  audited: boolean;
  action: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route, in registration order (the trail's labels, and the tests' route table). */
    apiRoutes: readonly ApiRoute[];
    /** Resolves once every audit write started so far has finished. */
    auditDrain(): Promise<void>;
  }
  interface FastifyRequest {
    /** Set by a public route that signs someone in, so the trail can name them. */
    auditActor: AuditActor | Principal | null;
  }
}

type ActorLookup = (request: FastifyRequest, reply: FastifyReply, repo: ReturnType<typeof auditRepo>) => Promise<AuditActor | null>;

const bodyField = (request: FastifyRequest, key: string): string | null => {
  const value = (request.body as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' && value.length <= 320 ? value : null;
};

/**
 * Public calls are made by nobody signed in; these say who they concern.
 * Only calls that proved who made them are attributed: a successful login
 * or sign-up. A failed login is not written into the account of the email
 * tried (nor a failed sign-up): anyone may type anyone's email, and a
 * stranger must not be able to write into, or fill, an account's trail; the
 * rate limits answer attempts instead. Asking for a reset link is not
 * attributed either, for the same reason (the mail itself is kept).
 */
const whenSucceeded = (res: FastifyReply, find: () => Promise<AuditActor | null>) => (res.statusCode < 300 ? find() : Promise.resolve(null));
const PUBLIC_ACTORS: Record<string, ActorLookup> = {
  'POST /login': (req, res, repo) => whenSucceeded(res, () => withValue(bodyField(req, 'email'), repo.actorByEmail)),
  'POST /signup': (req, res, repo) => whenSucceeded(res, () => withValue(bodyField(req, 'email'), repo.actorByEmail)),
  'GET /logout': (req, _res, repo) => withValue(readRefreshCookie(req), (t) => repo.actorByRefreshToken(hashToken(t))),
  'POST /password/reset': (req, _res, repo) => withValue(bodyField(req, 'token'), (t) => repo.actorByResetToken(hashToken(t))),
};

const withValue = async (value: string | null | undefined, find: (v: string) => Promise<AuditActor | null>) =>
  value ? find(value) : null;

/** The instance a call addressed, for the instance-scope filter of the trail. */
function instanceOf(route: string, params: Record<string, unknown>): string | null {
  if (!route.startsWith(`${API_PREFIX}/managed-saas/instances/:`)) return null;
  const id = params.id ?? params.instanceId;
  return typeof id === 'string' && isUuid(id) ? id : null;
}

/**
 * The audit trail's recorder. After the response has gone, every call that
 * changes something (see isAuditedCall) is written with who made it, what it
 * was called with (secrets redacted, text made storable) and how it ended.
 * A write the database refuses is made again without the parameters and
 * payload, so an accepted change never loses its record; each failure is
 * logged and never reaches the caller. Calls nobody can be named for (no
 * valid session, unknown email) are not written: no account could read them,
 * and anonymous traffic must not be able to fill the table.
 */
export const auditPlugin = fp(async (app) => {
  const routes: ApiRoute[] = [];
  const byKey = new Map<string, ApiRoute>();
  const pending = new Set<Promise<void>>();
  const repo = auditRepo(app.ctx.db);

  app.decorate('apiRoutes', routes);
  app.decorate('auditDrain', async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  });
  app.decorateRequest('auditActor', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX) || !route.config?.guard) return;
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD twin to every GET; it is the same route.
      if (method === 'HEAD') continue;
      const entry: ApiRoute = {
        method,
        url: route.url,
        guard: route.config.guard,
        schema: { params: route.schema?.params, querystring: route.schema?.querystring, body: route.schema?.body },
        audited: isAuditedCall(method, route.url),
        action: auditActionLabel(method, route.url),
      };
      routes.push(entry);
      byKey.set(`${method} ${route.url}`, entry);
    }
  });

  async function actorOf(request: FastifyRequest, reply: FastifyReply, route: ApiRoute): Promise<AuditActor | null> {
    const known = request.principal ?? request.auditActor;
    if (known) return { userId: known.userId, tenantId: known.tenantId, name: known.name, email: known.email };
    // A throttled caller (429) has been recorded already, up to the limit; the rest is noise.
    if (route.guard !== 'public' || reply.statusCode === 429) return null;
    return (await PUBLIC_ACTORS[auditKey(route.method, route.url)]?.(request, reply, repo)) ?? null;
  }

  async function record(request: FastifyRequest, reply: FastifyReply, route: ApiRoute): Promise<void> {
    const actor = await actorOf(request, reply, route);
    if (!actor) return;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const row = {
      // The entry's own id, always: the request id may be a client's, and a client may repeat it.
      id: newId(),
      tenantId: actor.tenantId,
      userId: actor.userId,
      username: actor.name,
      email: actor.email,
      action: route.action,
      method: route.method,
      route: route.url,
      endpoint: toStorableText(request.url.split('?')[0] ?? request.url),
      parameters: redact({ ...query, ...params }) as Record<string, unknown>,
      payload: auditPayload(request.body),
      status: reply.statusCode,
      instanceId: instanceOf(route.url, params),
      requestId: String(request.id),
      createdAt: app.ctx.clock.now(),
    };
    try {
      await repo.insert(row);
    } catch (err) {
      // The call happened whatever it was sent with: if the database refuses what it
      // was sent with, the record is kept without it rather than lost.
      request.log.error({ err }, 'audit trail write failed; recording the call without its parameters and payload');
      await repo.insert({ ...row, parameters: {}, payload: UNSTORABLE_PAYLOAD });
    }
  }

  app.addHook('onResponse', async (request, reply) => {
    const route = byKey.get(`${request.method} ${request.routeOptions.url}`);
    if (!route?.audited) return;
    const write = record(request, reply, route)
      .catch((err: unknown) => request.log.error({ err }, 'audit trail write failed; the call is not recorded'))
      .finally(() => pending.delete(write));
    pending.add(write);
  });

  // The database closes after the server: let the last entries land first.
  app.addHook('onClose', async () => app.auditDrain());
});
