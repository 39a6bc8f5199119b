import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { API_PREFIX, auditLabelOf, isRecorded, isUuid, toStorableText, type Endpoint, type Guard } from '@replay/contracts';
import { hashToken, newId } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import { auditRepo, type AuditActor } from './audit.repo';
import type { AuditActorLookups, AuditActorOf, AuditEvent } from './audit-actor.door';
import { auditPayload, redact, UNSTORABLE_PAYLOAD } from './redact';

/** One /api route as registered: who may call it, its schemas, and how the trail labels it. */
export interface ApiRoute {
  method: string;
  url: string;
  guard: Guard;
  schema: { params?: unknown; querystring?: unknown; body?: unknown };
  audited: boolean;
  action: string;
  /** The path parameter naming the instance a call is about, if any. */
  instanceParam: string | null;
  /** Whether API keys are refused whatever their role (a person's own route, or one for people only). */
  peopleOnly: boolean;
  /** Answers a Server-Sent Events stream that stays open (the live status push) instead of `{ data }`. */
  eventStream: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route, in registration order (the trail's labels, and the tests' route table). */
    apiRoutes: readonly ApiRoute[];
    /** Resolves once every audit write started so far has finished. */
    auditDrain(): Promise<void>;
  }
  interface FastifyRequest {
    /** Set by a public route that signs someone in, so the trail can name them (and by the guard for an API key it refused). */
    auditActor: AuditActor | Principal | null;
    /** Recorded whatever the route's declaration (an API key used from outside its address list). */
    auditAlways: boolean;
    /** The stored answer to a repeated Idempotency-Key (lib/idempotency.ts): the call changed nothing, so it is not recorded again. */
    idempotentReplay: boolean;
    /** Set by a route outside /api that changed something (an IdP's single logout): recorded as it says. */
    auditEvent: AuditEvent | null;
  }
  interface FastifyContextConfig {
    auditActor?: AuditActorOf;
  }
}

/** The instance a call addressed, for the instance-scope filter of the trail. */
function instanceOf(route: ApiRoute, params: Record<string, unknown>): string | null {
  const id = route.instanceParam ? params[route.instanceParam] : null;
  return typeof id === 'string' && isUuid(id) ? id : null;
}

/** What the audit trail and the generated suites know of one method of a guarded API route. */
function apiRouteOf(route: RouteOptions, method: string): ApiRoute {
  const config = route.config!;
  // A route not mounted from an endpoint is judged by its method: a change is recorded as `METHOD path`.
  const endpoint: Pick<Endpoint, 'method' | 'path' | 'audit'> = config.endpoint ?? { method: method as Endpoint['method'], path: route.url };
  const audit = endpoint.audit && 'label' in endpoint.audit ? endpoint.audit : null;
  return {
    method,
    url: route.url,
    guard: config.guard!,
    schema: { params: route.schema?.params, querystring: route.schema?.querystring, body: route.schema?.body },
    audited: isRecorded(endpoint),
    action: auditLabelOf(endpoint),
    instanceParam: audit?.instanceParam ?? null,
    peopleOnly: config.guard === 'authenticated' || config.endpoint?.peopleOnly === true,
    eventStream: config.endpoint?.eventStream === true,
  };
}

type AuditRowInsert = Parameters<ReturnType<typeof auditRepo>['insert']>[0];

/** The row of a change outside /api, as its route described it. */
function eventRowOf(request: FastifyRequest, reply: FastifyReply, event: AuditEvent, now: Date): AuditRowInsert {
  const { routeOptions } = request;
  return { ...rowBase(request, reply, event.actor, now), action: event.action, method: request.method, route: routeOptions.url ?? '', parameters: {}, payload: event.details, instanceId: null };
}

/** What every row says of its call: who, where, how it ended and when. */
function rowBase(request: FastifyRequest, reply: FastifyReply, actor: AuditActor, now: Date) {
  return {
    // The entry's own id, always: the request id may be a client's, and a client may repeat it.
    id: newId(),
    tenantId: actor.tenantId,
    userId: actor.userId,
    apiKeyId: actor.apiKeyId ?? null,
    username: actor.name,
    email: actor.email,
    endpoint: toStorableText(request.url.split('?')[0] ?? request.url),
    status: reply.statusCode,
    requestId: String(request.id),
    createdAt: now,
  };
}

/**
 * The audit trail's recorder. After the response has gone, every call that
 * changes something (its endpoint's audit declaration, `isRecorded`) is written with who made it, what it
 * was called with (secrets redacted, text made storable) and how it ended;
 * so is a change a route outside /api describes (`request.auditEvent`).
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
  app.decorateRequest('auditAlways', false);
  app.decorateRequest('idempotentReplay', false);
  app.decorateRequest('auditEvent', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX) || !route.config?.guard) return;
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD twin to every GET; it is the same route.
      if (method === 'HEAD') continue;
      const entry = apiRouteOf(route, method);
      routes.push(entry);
      byKey.set(`${method} ${route.url}`, entry);
    }
  });

  const lookups: AuditActorLookups = {
    byRefreshToken: async (token) => (token ? repo.actorByRefreshToken(hashToken(token)) : null),
    byResetToken: async (token) => (token ? repo.actorByResetToken(hashToken(token)) : null),
    byMfaToken: async (token) => (token ? repo.actorByMfaToken(hashToken(token)) : null),
  };

  async function actorOf(request: FastifyRequest, reply: FastifyReply, route: ApiRoute): Promise<AuditActor | null> {
    const known = request.principal ?? request.auditActor;
    // A key's call is the key's, never its creator's: no user, the key's name and id.
    if (known && 'apiKey' in known && known.apiKey) return { userId: null, apiKeyId: known.apiKey.id, tenantId: known.tenantId, name: known.name, email: '' };
    if (known) return { userId: known.userId, tenantId: known.tenantId, name: known.name, email: known.email };
    // A throttled caller (429) has been recorded already, up to the limit; the rest is noise.
    if (route.guard !== 'public' || reply.statusCode === 429) return null;
    return (await request.routeOptions.config.auditActor?.(request, lookups)) ?? null;
  }

  /** The row of an /api call, or null when nobody can be named for it. */
  async function apiRowOf(request: FastifyRequest, reply: FastifyReply, route: ApiRoute): Promise<AuditRowInsert | null> {
    const actor = await actorOf(request, reply, route);
    if (!actor) return null;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const query = (request.query ?? {}) as Record<string, unknown>;
    return {
      ...rowBase(request, reply, actor, app.ctx.clock.now()),
      action: route.action,
      method: route.method,
      route: route.url,
      parameters: redact({ ...query, ...params }) as Record<string, unknown>,
      payload: auditPayload(request.body),
      instanceId: instanceOf(route, params),
    };
  }

  async function write(request: FastifyRequest, row: AuditRowInsert | null): Promise<void> {
    if (!row) return;
    try {
      await repo.insert(row);
    } catch (err) {
      // The call happened whatever it was sent with: if the database refuses what it
      // was sent with, the record is kept without it rather than lost.
      request.log.error({ err }, 'audit trail write failed; recording the call without its parameters and payload');
      await repo.insert({ ...row, parameters: {}, payload: UNSTORABLE_PAYLOAD });
    }
  }

  // A callback hook: it runs after every answer, reads included, and an async one costs a promise each time.
  app.addHook('onResponse', (request, reply, done) => {
    const route = byKey.get(`${request.method} ${request.routeOptions.url}`);
    const event = route ? null : request.auditEvent;
    if (event || (route && (route.audited || request.auditAlways) && !request.idempotentReplay)) {
      const row = event ? Promise.resolve(eventRowOf(request, reply, event, app.ctx.clock.now())) : apiRowOf(request, reply, route!);
      const writing = row
        .then((r) => write(request, r))
        .catch((err: unknown) => request.log.error({ err }, 'audit trail write failed; the call is not recorded'))
        .finally(() => pending.delete(writing));
      pending.add(writing);
    }
    done();
  });

  // The database closes after the server: let the last entries land first.
  app.addHook('onClose', async () => app.auditDrain());
});
