import type { Readable } from 'node:stream';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { SCIM_MEDIA_TYPE, dataOf, idempotencyHeadersSchema, isCreate, type Endpoint } from '@replay/contracts';
import { idempotencySealKey, idempotently, requestDigest, scopeOf } from '../lib/idempotency';
import { principalOf } from '../plugins/guard';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request of an endpoint's handler: params, query, body and headers as its schemas parsed them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
  Headers: Parsed<E['headers']>;
}>;

/** What a handler returns: the payload the endpoint answers under `data`, a file endpoint's bytes (or a stream of them), or an event stream. */
export type EndpointAnswer<E extends Endpoint> = E['file'] extends string ? Buffer | Readable : E['eventStream'] extends true ? Readable : z.input<E['response']>;

export type EndpointHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointAnswer<E>>;

/** Server-only route settings (the guard, schemas and audit label come from the endpoint). */
export type MountOptions = Omit<FastifyContextConfig, 'guard' | 'endpoint'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was registered from: its audit declaration is read from here. */
    endpoint?: Endpoint;
  }
}

/**
 * A deprecated call's headers: Deprecation (RFC 9745, the date as `@epoch-seconds`) and
 * Sunset (RFC 8594, an HTTP date), and a link to the policy.
 */
export function deprecationHeaders(deprecated: NonNullable<Endpoint['deprecated']>): Record<string, string> {
  const since = Date.parse(deprecated.since);
  const sunset = Date.parse(deprecated.sunset);
  if (Number.isNaN(since) || Number.isNaN(sunset)) throw new Error(`A deprecation needs ISO dates, not ${JSON.stringify(deprecated)}`);
  return { deprecation: `@${Math.floor(since / 1000)}`, sunset: new Date(sunset).toUTCString(), link: '</api/docs>; rel="deprecation"; type="text/html"' };
}

/**
 * Registers an endpoint of the contracts as a route: its method, path, guard,
 * validation schemas and response schema, all from the one declaration the
 * SPA calls too. The handler returns the payload; it is sent as `{ data }`
 * with the endpoint's status.
 */
export function mount<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>, options: MountOptions = {}): void {
  const status = endpoint.status ?? 200;
  // A create honours an Idempotency-Key (lib/idempotency.ts), unless it declares the header itself and keeps its own (instances).
  const keyed = isCreate(endpoint) && !endpoint.headers && !endpoint.file;
  const headers = endpoint.headers ?? (keyed ? idempotencyHeadersSchema : undefined);
  const operation = `${endpoint.method} ${app.prefix}${endpoint.path}`;
  const store = keyed ? { db: app.ctx.db, sealKey: idempotencySealKey(app.ctx.secrets.jwtSecret) } : null;
  const run = async (request: EndpointRequest<E>, reply: FastifyReply): Promise<{ status: number; data: unknown }> => {
    const key = keyed ? (request.headers as { 'idempotency-key'?: string })['idempotency-key'] : undefined;
    if (!key || !store) return { status, data: await handler(request, reply) };
    const answer = await idempotently(store, scopeOf(principalOf(request), operation, key), requestDigest(request), app.ctx.clock.now(), status, () => handler(request, reply));
    if (!answer.replayed) return { status, data: answer.data };
    request.idempotentReplay = true;
    reply.header('idempotent-replayed', 'true');
    return { status: answer.status, data: answer.data };
  };
  const deprecation = endpoint.deprecated && deprecationHeaders(endpoint.deprecated);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...options, guard: endpoint.guard, endpoint },
    // Every answer of a deprecated call says so, a refusal too (docs/API.md).
    ...(deprecation && {
      onSend: (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
        reply.headers(deprecation);
        done(null, payload);
      },
    }),
    schema: {
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      ...(headers && { headers }),
      ...(!endpoint.file && !endpoint.eventStream && status !== 204 && { response: { [status]: endpoint.scim ? endpoint.response : dataOf(endpoint.response) } }),
    },
    handler: async (request, reply) => {
      const answer = await run(request as EndpointRequest<E>, reply);
      // A file endpoint answering in more than one format sets the type itself.
      if (endpoint.file)
        return reply
          .status(answer.status)
          .type(String(reply.getHeader('content-type') ?? endpoint.file))
          .send(answer.data);
      if (endpoint.eventStream) {
        // Never cached or transformed by a proxy, and not held back by one (nginx's buffering).
        reply.header('cache-control', 'no-store, no-transform').header('x-accel-buffering', 'no');
        return reply.status(answer.status).type('text/event-stream; charset=utf-8').send(answer.data);
      }
      // SCIM's wire (RFC 7644): the resource itself, as application/scim+json; a 204 has no body.
      if (endpoint.scim) return answer.status === 204 ? reply.status(204).send() : reply.status(answer.status).type(SCIM_MEDIA_TYPE).send(answer.data);
      return reply.status(answer.status).send({ data: answer.data });
    },
  });
}
