import { z } from 'zod';

/**
 * What orchestrators and load balancers ask a console process, outside the API (no `/api`
 * prefix, no session): the names Kubernetes' own components use.
 */
export const PROBE_PATHS = {
  /** The process runs and its event loop turns: restart it otherwise. */
  liveness: '/livez',
  /** The process should be sent work: its database answers, its migrations are in, it is not shutting down. */
  readiness: '/readyz',
  /** Prometheus' text format; a bearer token (METRICS_TOKEN) or, without one, this machine only. */
  metrics: '/metrics',
} as const;

export const livenessSchema = z.object({ status: z.literal('ok') });

export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: z.enum(['ok', 'unreachable']),
    /** `behind`: the database lacks a migration this console ships (it waits for the one that runs them). */
    migrations: z.enum(['done', 'behind']),
    /** True from the shutdown signal on: in-flight work finishes, no new work should come. */
    draining: z.boolean(),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
