import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { PROBE_PATHS } from '@replay/contracts';
import { AppError, forbidden } from '../../lib/errors';
import { fromThisMachineByLoopbackName } from '../../lib/this-machine';

const digest = (text: string) => createHash('sha256').update(text).digest();

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  // Digests of equal length, compared in constant time: the token's length and prefix stay secret.
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * The orchestrator's questions (contracts' PROBE_PATHS), outside the API: no session, and the
 * Host allow-list lets them through (a kubelet asks by the pod's address). Liveness says only that
 * the process answers; readiness checks what a request needs; the metrics are the process's own
 * (lib/metrics.ts) plus what the database says of the job queues and the agents.
 */
export const probeRoutes: FastifyPluginAsync = async (app) => {
  const { env } = app.ctx;
  const { probes } = app.services;
  const noStore = { 'cache-control': 'no-store' };

  app.get(PROBE_PATHS.liveness, { config: { guard: 'public' } }, async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));

  app.get(PROBE_PATHS.readiness, { config: { guard: 'public' } }, async (_request, reply) => {
    const readiness = await probes.readiness();
    return reply
      .code(readiness.status === 'ready' ? 200 : 503)
      .headers(noStore)
      .send(readiness);
  });

  // Guarded by its own rule rather than the API's: a scraper has no member session.
  app.get(PROBE_PATHS.metrics, { config: { guard: 'public' } }, async (request, reply) => {
    const token = env.METRICS_TOKEN;
    if (token && !bearerMatches(request, token)) {
      throw new AppError('unauthenticated', ['The metrics need the bearer token set as METRICS_TOKEN.'], { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    // Without a token: this machine's own socket, asked by a loopback name (a rebinding page's Host is its own).
    if (!token && !fromThisMachineByLoopbackName(request)) {
      throw forbidden('Without METRICS_TOKEN the metrics are answered to this machine only, asked as localhost, 127.0.0.1 or [::1].');
    }
    const { contentType, text } = await probes.scrape();
    return reply.headers({ ...noStore, 'content-type': contentType }).send(text);
  });
};
