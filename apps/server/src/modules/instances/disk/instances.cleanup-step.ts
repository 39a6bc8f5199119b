import type { Db } from '../../../db/client';
import type { InfrastructureDriver } from '../../../infra/driver';
import { errorForLog } from '../../../lib/log-safety';
import { diskRepo } from './instances.disk-repo';
import { recordInstanceEvent } from '../core/instances.events';
import type { InstanceRow } from '../core/instances.repo';
import type { Clock } from '../../../lib/time';

/**
 * The workflow's cleanup step: an accepted cleanup (`pendingCleanupDays`,
 * set with its 6-hour slot by POST …/cleanup) is run on the agent, then the
 * cleared column and the `diskCleanup` success record, with the bytes freed,
 * land in one compare-and-set. It runs only on a running instance at rest
 * (the status's own step and a disk growing go first; a stopped instance
 * keeps it until it runs again), because the recordings live in the agent.
 * The agent's cleanup is idempotent (what is older than the age is gone
 * after the first run), so a console killed between the two parts removes
 * nothing twice and records once; the rerun counts only what it removed
 * itself, which is the one figure a crash can leave short.
 */

export interface CleanupStepDeps {
  db: Db;
  driver: Pick<InfrastructureDriver, 'cleanup'>;
  clock: Clock;
}

export const needsCleanup = (row: Pick<InstanceRow, 'pendingCleanupDays' | 'status'>): boolean => row.pendingCleanupDays !== null && row.status === 'running';

export async function runCleanup(d: CleanupStepDeps, row: InstanceRow): Promise<void> {
  const days = row.pendingCleanupDays!;
  const { removedBytes } = await d.driver.cleanup(row.instanceId, days);
  const at = d.clock.now();
  await d.db.transaction(async (tx) => {
    const done = await diskRepo(tx).settleCleanup(row);
    if (!done) return;
    await recordInstanceEvent(tx, {
      instance: done,
      actor: null,
      at,
      action: 'diskCleanup',
      status: 'success',
      comments: `Recordings older than ${days} days removed, ${Math.round(removedBytes)} bytes freed`,
      event: { type: 'instance.cleaned_up', days, removedBytes: Math.round(removedBytes) },
    });
  });
}

/**
 * A cleanup step failed. Until the job queue's last attempt it is only tried
 * again; the last one ends it, gives the 6-hour slot back (to the last
 * cleanup that ran, so the member may ask again at once) and records the
 * failure. The instance's own `failure` is left alone: the instance is fine.
 */
export async function recordCleanupFailure(d: CleanupStepDeps, row: InstanceRow, err: unknown, final: boolean): Promise<void> {
  if (!final) return;
  const reason = errorForLog(err).message;
  const at = d.clock.now();
  await d.db.transaction(async (tx) => {
    const repo = diskRepo(tx);
    const ended = await repo.settleCleanup(row, await repo.lastCleanupDone(row.instanceId));
    if (!ended) return;
    await recordInstanceEvent(tx, {
      instance: ended,
      actor: null,
      at,
      action: 'diskCleanup',
      status: 'failed',
      comments: reason,
      event: { type: 'instance.cleanup_failed', days: row.pendingCleanupDays ?? 0, reason },
    });
  });
}
