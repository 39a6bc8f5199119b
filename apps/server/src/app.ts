import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { API_PREFIX, type ErrorCode } from '@replay/contracts';
import type { AppContext } from './platform/context';
import { errorsPlugin } from './plugins/errors';
import { guardPlugin } from './plugins/guard';
import { serverModules } from './modules';
import type { ServerModule } from './platform/server-module';
import { webPlugin } from './plugins/web';
import { apiCompressionPlugin } from './plugins/compression';
import { responseSerializer } from './plugins/serializer';
import { outboxRoutes } from './mail/outbox.routes';
import { securityHeadersPlugin } from './plugins/security-headers';
import { hostAllowListPlugin } from './plugins/host-allow-list';
import { requestMetricsPlugin } from './plugins/request-metrics';
import { loggerOptions } from './lib/logger';
import { fastifyTrustProxy } from './config/trust-proxy';
import { createServices, type Services } from './composition';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/**
 * A client's (or its proxy's) X-Request-Id is kept, for correlation, only
 * when it looks like an id: 8–64 letters, digits, '.', '_' or '-', starting
 * with a letter or digit (a UUID, a 32-hex proxy id). Anything else gets a
 * fresh UUID. It is never any record's key: audit entries get their own id.
 */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{7,63}$/;

function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
}

/** What the router says, in the wire's error shape, of an address it cannot route at all (no route, hook or handler runs). */
export const ROUTER_REFUSALS = {
  FST_ERR_BAD_URL: { status: 400, code: 'bad_request', message: 'The address is malformed.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'address_too_long', message: 'A part of the address is too long.' },
} as const satisfies Record<string, { status: number; code: ErrorCode; message: string }>;

export async function buildApp(
  ctx: AppContext,
  opts: { logger?: FastifyServerOptions['logger']; modules?: readonly ServerModule<object, never>[]; services?: Services } = {},
): Promise<FastifyInstance> {
  const modules = opts.modules ?? serverModules;
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(ctx.env.LOG_LEVEL),
    trustProxy: fastifyTrustProxy(ctx.env.TRUST_PROXY),
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    bodyLimit: 1024 * 1024,
    // Fastify's own answer would echo the path (a token may be in it) in another shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const refusal = ROUTER_REFUSALS[error.code as keyof typeof ROUTER_REFUSALS] ?? ROUTER_REFUSALS.FST_ERR_BAD_URL;
      void reply
        .code(refusal.status)
        .header('cache-control', 'no-store')
        .send({ errors: [refusal.message], code: refusal.code });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(ctx.env.STRICT_RESPONSES));
  app.decorate('ctx', ctx);
  // The runtime's services, which its jobs use too; built here for a context of the caller's own (tests).
  app.decorate('services', opts.services ?? createServices(ctx, modules));
  // A callback hook, as every hook each answer runs: an async one costs a promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  // First: every answer, a refused one too, carries the security headers; then nothing runs for a foreign Host.
  await app.register(securityHeadersPlugin);
  await app.register(hostAllowListPlugin);
  await app.register(requestMetricsPlugin);
  await app.register(cookie);
  await app.register(errorsPlugin);
  await app.register(guardPlugin);
  for (const m of modules) for (const hook of m.hooks ?? []) await app.register(hook);
  await app.register(
    async (api) => {
      // Before the routes: it hooks each route as it is added. Here, so only API answers are compressed at run time.
      await api.register(apiCompressionPlugin);
      for (const m of modules) for (const routes of m.api ?? []) await api.register(routes);
    },
    { prefix: API_PREFIX },
  );
  await app.register(outboxRoutes);
  for (const m of modules) for (const pages of m.pages ?? []) await app.register(pages);
  await app.register(webPlugin);
  return app;
}
