import type { Readiness } from '@replay/contracts';
import type { Db } from '../../db/client';
import { migrationsApplied } from '../../db/migration-state';
import type { ConsoleMetrics } from '../../lib/metrics';
import { countHealthyRunning } from '../instances/core/instances.facts';
import { probesRepo } from './probes.repo';

/** A database that has not answered by then counts as unreachable: a probe must answer within its own timeout. */
const DATABASE_CHECK_MS = 2000;

async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface ProbesDeps {
  db: Db;
  metrics: ConsoleMetrics;
  lifecycle: { draining: boolean };
}

/** What the orchestrator's probes answer (modules/probes/probes.routes.ts). */
export function createProbesService({ db, metrics, lifecycle }: ProbesDeps) {
  const repo = probesRepo(db);
  return {
    /** Ready: the database answers, it has every migration this console ships, and the process is not shutting down. */
    async readiness(): Promise<Readiness> {
      const [database, migrations] = await Promise.all([
        within(DATABASE_CHECK_MS, repo.ping()).then(
          () => 'ok' as const,
          () => 'unreachable' as const,
        ),
        within(DATABASE_CHECK_MS, migrationsApplied(db)).then(
          (done) => (done ? ('done' as const) : ('behind' as const)),
          () => 'behind' as const,
        ),
      ]);
      const { draining } = lifecycle;
      const ready = database === 'ok' && migrations === 'done' && !draining;
      return { status: ready ? 'ready' : 'not_ready', checks: { database, migrations, draining } };
    },

    /** The metrics in Prometheus' text format, the database's gauges read now (every process tells the same truth). */
    async scrape(): Promise<{ contentType: string; text: string }> {
      metrics.agentsUp.set(await countHealthyRunning(db));
      // Without a job queue in this database (RUN_WORKERS off everywhere) there is no backlog to tell.
      const backlog = await repo.queueBacklog().catch(() => []);
      metrics.queueDepth.reset();
      metrics.oldestJobAge.reset();
      for (const q of backlog) {
        metrics.queueDepth.set({ queue: q.queue }, q.depth);
        metrics.oldestJobAge.set({ queue: q.queue }, Math.max(0, q.oldestAgeSeconds));
      }
      return { contentType: metrics.registry.contentType, text: await metrics.registry.metrics() };
    },
  };
}

export type ProbesService = ReturnType<typeof createProbesService>;
