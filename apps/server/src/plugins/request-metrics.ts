import fp from 'fastify-plugin';

/**
 * Times every answered request into the console's metrics (lib/metrics.ts), labelled by the route's
 * pattern (`/api/managed-saas/instances/:id`), never the raw path, so ids add no series.
 */
export const requestMetricsPlugin = fp(async (app) => {
  const { httpDuration } = app.ctx.metrics;
  // A callback hook: an async one costs a promise on every request.
  app.addHook('onResponse', (request, reply, done) => {
    // A live status stream lasts minutes by design: its "duration" is no answer time and would only skew the histogram.
    if (request.routeOptions.config.endpoint?.eventStream) return done();
    httpDuration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
});
