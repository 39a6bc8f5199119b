import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The console's own metrics, in Prometheus' text format at /metrics (modules/health/probes.routes.ts).
 * One registry per console context, not prom-client's global one: a test process builds many
 * consoles, and each must count only its own work.
 */
export interface ConsoleMetrics {
  registry: Registry;
  /** Every answered request, by method, route pattern (never the raw path: ids would explode the series) and status. */
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Each workflow step run, by the step and how it ended. */
  workflowSteps: Counter<'step' | 'outcome'>;
  /** Each infrastructure driver call, by operation and how it ended. */
  driverDuration: Histogram<'operation' | 'outcome'>;
  /** Gauges read from the database when scraped (so every process tells the same truth). */
  queueDepth: Gauge<'queue'>;
  oldestJobAge: Gauge<'queue'>;
  agentsUp: Gauge;
}

/** prom-client's default gauges whose names end in `_total`, as only counters' may. */
const PROM_CLIENT_MISNAMED = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'] as const;

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Driver calls range from a health check (ms) to a create that boots an agent (tens of seconds). */
const DRIVER_SECONDS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 120];

export function createMetrics(): ConsoleMetrics {
  const registry = new Registry();
  // Process and runtime: CPU, memory, handles and event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters, which `promtool check metrics` reports (a `_total` suffix is for
  // counters): each is the sum of its per-type gauge (nodejs_active_handles{type}, …), kept.
  for (const name of PROM_CLIENT_MISNAMED) registry.removeSingleMetric(name);
  return {
    registry,
    httpDuration: new Histogram({
      name: 'console_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: SECONDS,
      registers: [registry],
    }),
    workflowSteps: new Counter({
      name: 'console_workflow_steps_total',
      help: 'Instance workflow steps run, by step and outcome (success or failure).',
      labelNames: ['step', 'outcome'],
      registers: [registry],
    }),
    driverDuration: new Histogram({
      name: 'console_driver_operation_duration_seconds',
      help: 'Infrastructure driver calls, by operation and outcome (success or failure).',
      labelNames: ['operation', 'outcome'],
      buckets: DRIVER_SECONDS,
      registers: [registry],
    }),
    queueDepth: new Gauge({
      name: 'console_job_queue_depth',
      help: 'Jobs due to run and not yet taken (created or waiting for a retry), by queue (0 when none waits).',
      labelNames: ['queue'],
      registers: [registry],
    }),
    oldestJobAge: new Gauge({
      name: 'console_job_queue_oldest_age_seconds',
      help: 'Age of the oldest job waiting to run, by queue (0 when none waits).',
      labelNames: ['queue'],
      registers: [registry],
    }),
    agentsUp: new Gauge({
      name: 'console_agents_up',
      help: 'Running instances whose agent passed its last health check.',
      registers: [registry],
    }),
  };
}
