import type { Readable } from 'node:stream';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { dataOf, type Endpoint } from '@replay/contracts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request of an endpoint's handler: params, query, body and headers as its schemas parsed them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
  Headers: Parsed<E['headers']>;
}>;

/** What a handler returns: the payload the endpoint answers under `data`, or a file endpoint's bytes (or a stream of them). */
export type EndpointAnswer<E extends Endpoint> = E['file'] extends string ? Buffer | Readable : z.input<E['response']>;

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
 * Registers an endpoint of the contracts as a route: its method, path, guard,
 * validation schemas and response schema, all from the one declaration the
 * SPA calls too. The handler returns the payload; it is sent as `{ data }`
 * with the endpoint's status.
 */
export function mount<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>, options: MountOptions = {}): void {
  const status = endpoint.status ?? 200;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...options, guard: endpoint.guard, endpoint },
    schema: {
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      ...(endpoint.headers && { headers: endpoint.headers }),
      ...(!endpoint.file && { response: { [status]: dataOf(endpoint.response) } }),
    },
    handler: async (request, reply) => {
      const data = await handler(request as EndpointRequest<E>, reply);
      // A file endpoint answering in more than one format sets the type itself.
      if (endpoint.file) return reply.status(status).type(String(reply.getHeader('content-type') ?? endpoint.file)).send(data);
      return reply.status(status).send({ data });
    },
  });
}
