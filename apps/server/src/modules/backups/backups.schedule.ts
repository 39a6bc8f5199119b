import { randomUUID } from 'node:crypto';
import { and, eq, lt, notExists } from 'drizzle-orm';
import { DAILY_BACKUP_TIME, DAY_MS } from '@replay/contracts';
import type { Db } from '../../db/client';
import { instanceBackups, instances } from '../../db/schema';
import type { InfrastructureDriver } from '../../infra/driver';
import type { JobDefinition, Schedule } from '../../platform/job-types';
import { workflowEnqueuer, type Enqueue } from '../instances/workflow/instances.jobs';
import { backupName, backupsRepo } from './backups.repo';
import type { Clock } from '../../lib/time';

export const BACKUPS_QUEUE = 'instance-backups';
/** The round's period: a daily slot is seen within a minute of its time, and a retention's end within a minute too. */
export const BACKUP_ROUND_SECONDS = 60;

/** The latest daily backup time (DAILY_BACKUP_TIME, UTC) at or before `now`. */
export function dailySlot(now: Date): Date {
  const [hour, minute] = DAILY_BACKUP_TIME.split(':').map(Number) as [number, number];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour, minute);
  return new Date(today <= now.getTime() ? today : today - DAY_MS);
}

export interface BackupRoundDeps {
  db: Db;
  driver: Pick<InfrastructureDriver, 'deleteBackup'>;
  clock: Clock;
  enqueue: Enqueue;
  /** DAILY_BACKUPS: whether the round asks for the daily backups (it always names stragglers and removes expired ones). */
  daily: boolean;
  retentionDays: number;
}

export interface BackupRoundReport {
  requested: number;
  named: number;
  removed: number;
  removalsFailed: number;
}

/**
 * One round of the backup schedule:
 *   1. the daily slot: a pending backup for every instance running since before the latest
 *      slot that has none for it. The slot's unique key makes this once per instance and day
 *      whatever the number of console processes, and a console down at the slot's time
 *      catches up when it starts;
 *   2. pending backups a race left unnamed are named, so none waits forever;
 *   3. backups older than the retention are removed from the infrastructure, then marked
 *      deleted (a removal that fails is tried again next round; one a restore waits on stays).
 */
export async function runBackupRound(d: BackupRoundDeps): Promise<BackupRoundReport> {
  const now = d.clock.now();
  const report: BackupRoundReport = { requested: 0, named: 0, removed: 0, removalsFailed: 0 };
  const repo = backupsRepo(d.db);
  const toWake = new Set<string>();
  if (d.daily) {
    const slot = dailySlot(now);
    const due = await d.db
      .select({ instanceId: instances.instanceId, tenantId: instances.tenantId })
      .from(instances)
      .where(
        and(
          eq(instances.status, 'running'),
          lt(instances.createdAt, slot),
          notExists(
            d.db
              .select()
              .from(instanceBackups)
              .where(and(eq(instanceBackups.instanceId, instances.instanceId), eq(instanceBackups.slot, slot))),
          ),
        ),
      );
    for (const { instanceId, tenantId } of due) {
      const added = await d.db.transaction(async (tx) => {
        const repoTx = backupsRepo(tx);
        if (!(await repoTx.add({ backupId: randomUUID(), instanceId, tenantId, kind: 'daily', slot, createdAt: now }))) return false;
        await repoTx.nameNext(instanceId);
        return true;
      });
      if (added) {
        report.requested += 1;
        toWake.add(instanceId);
      }
    }
  }
  for (const instanceId of await repo.unnamed()) {
    if (await repo.nameNext(instanceId)) {
      report.named += 1;
      toWake.add(instanceId);
    }
  }
  for (const instanceId of toWake) await d.enqueue(instanceId);
  const removed: string[] = [];
  for (const expired of await repo.expired(new Date(now.getTime() - d.retentionDays * DAY_MS))) {
    try {
      // A terminated instance's backups went with it (driver.terminate).
      if (!expired.terminated) await d.driver.deleteBackup(expired.instanceId, backupName(expired));
      removed.push(expired.backupId);
    } catch {
      report.removalsFailed += 1;
    }
  }
  await repo.markDeleted(removed, now);
  report.removed = removed.length;
  return report;
}

export const backupsJob: JobDefinition = {
  queue: BACKUPS_QUEUE,
  // A round that fails is the next round's job: everything it does is found again by the next one.
  queueOptions: { retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 3600 },
  handle: async (ctx) => {
    const report = await runBackupRound({
      db: ctx.db,
      driver: ctx.driver,
      clock: ctx.clock,
      enqueue: workflowEnqueuer(ctx.boss),
      daily: ctx.env.DAILY_BACKUPS,
      retentionDays: ctx.env.BACKUP_RETENTION_DAYS,
    });
    if (report.requested || report.named || report.removed || report.removalsFailed) ctx.logger.info(report, 'backup round');
  },
};

/** One round per minute across every console process (the schedules' pg-boss claim). */
export const backupsSchedule: Schedule = { queue: BACKUPS_QUEUE, everySeconds: BACKUP_ROUND_SECONDS };
