import type { Db } from '../../../db/client';
import type { InfrastructureDriver } from '../../../infra/driver';
import { mapLimit } from '../../../lib/concurrency';
import { rateLimiter } from '../../../lib/rate-limit';
import { recordInstanceEvent } from '../core/instances.events';
import { instancesSystemRepo, type InstancesSystemRepo } from '../core/instances.system-repo';
import type { Clock } from '../../../lib/time';

/** Checks in flight at once: enough to finish a thousand instances in a few seconds, few enough to stay cheap. */
export const HEALTH_CONCURRENCY = 50;
/** A workflow with no progress for this long lost its job (a crash between commit and enqueue): send it again. */
const STALLED_AFTER_MS = 2 * 60_000;
/** Idempotency keys answer repeats for a day, like most payment APIs. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** Attempt counters outlive their (hour-long at most) windows by a day, then go: one row per address must not pile up. */
const RATE_COUNTER_TTL_MS = 24 * 60 * 60_000;

export interface HealthRoundDeps {
  db: Db;
  /** The round only asks for health, so any driver (or a test double of this one call) will do. */
  driver: Pick<InfrastructureDriver, 'health'>;
  clock: Clock;
  enqueue(instanceId: string): Promise<void>;
  concurrency?: number;
}

export interface HealthRoundReport {
  checked: number;
  healthy: number;
  changed: string[];
  resent: number;
  durationMs: number;
}

type HealthRow = Awaited<ReturnType<InstancesSystemRepo['runningForHealth']>>[number];

/** Asks every instance of the round, a bounded number at a time, and writes the results in one statement. */
async function checkAndRecord(d: HealthRoundDeps, repo: InstancesSystemRepo, running: HealthRow[]) {
  const results = await mapLimit(running, d.concurrency ?? HEALTH_CONCURRENCY, async (row) => {
    const health = await d.driver.health(row.instanceId).catch((e: unknown) => ({ healthy: false, error: String(e) }));
    return { row, healthy: health.healthy, error: health.error };
  });
  const at = d.clock.now();
  const stillRunning = await repo.recordHealth(
    results.map((r) => ({ instanceId: r.row.instanceId, healthy: r.healthy })),
    at,
  );
  return { results, at, stillRunning };
}

/**
 * One round of the server's own health watch (spec section 4: running
 * instances are checked every 30 s). Every running instance is asked
 * directly through the driver, a bounded number at a time; the results land
 * in one write, and an activity is recorded only where health changed. The
 * round marks the instances it asks (`checkingHealth` on the wire) until
 * their results land. The round also re-sends stalled workflows and forgets day-old idempotency keys
 * and attempt counters,
 * since it is the one periodic job that runs in exactly one process.
 */
export async function runHealthRound(d: HealthRoundDeps): Promise<HealthRoundReport> {
  const started = performance.now();
  const repo = instancesSystemRepo(d.db);
  const running = await repo.runningForHealth();
  const ids = running.map((row) => row.instanceId);
  await repo.markHealthChecking(ids);
  // The marks go once the results are written, or when the round fails: never left behind by a live process.
  const { results, at, stillRunning } = await checkAndRecord(d, repo, running).finally(() => repo.clearHealthChecking(ids));
  const changed = results.filter((r) => r.healthy !== r.row.healthy && stillRunning.has(r.row.instanceId));
  if (changed.length) {
    await d.db.transaction(async (tx) => {
      for (const { row, healthy, error } of changed) {
        await recordInstanceEvent(tx, {
          instance: row,
          actor: null,
          at,
          action: 'health',
          status: healthy ? 'success' : 'failed',
          comments: healthy ? 'The health check passes again' : `The health check failed: ${error ?? 'no answer'}`,
          event: healthy ? { type: 'instance.healthy' } : { type: 'instance.unhealthy', error: error ?? 'no answer' },
        });
      }
    });
  }
  const stalled = await repo.stalled(new Date(at.getTime() - STALLED_AFTER_MS));
  for (const { instanceId } of stalled) await d.enqueue(instanceId);
  await repo.purgeIdempotencyKeys(new Date(at.getTime() - IDEMPOTENCY_TTL_MS));
  await rateLimiter(d).purge(new Date(at.getTime() - RATE_COUNTER_TTL_MS));
  return {
    checked: results.length,
    healthy: results.filter((r) => r.healthy).length,
    changed: changed.map((r) => r.row.instanceId),
    resent: stalled.length,
    durationMs: Math.round(performance.now() - started),
  };
}
