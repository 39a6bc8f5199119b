import { and, desc, eq, inArray, isNull, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instanceBackups, instances } from '../../db/schema';
import { backupMarksRepo } from './backups.marks-repo';

export type BackupRow = typeof instanceBackups.$inferSelect;
export type { InstanceRow } from './backups.marks-repo';

/**
 * The name a backup has on the infrastructure: its row's id, so asking twice (a retry) names the
 * same backup; an upgrade's, the name the driver took it under (`upgrade-<key>`, infra/driver.ts).
 */
export const backupName = (row: Pick<BackupRow, 'backupId' | 'upgradeKey'>): string => (row.upgradeKey === null ? `backup-${row.backupId}` : `upgrade-${row.upgradeKey}`);

/** How many backups the tab lists: a year of dailies and then some. */
const LIST_LIMIT = 400;

/** The backup each restoring instance is restored from: kept, whatever its age. */
const RESTORE_SOURCE = { id: instances.restoreBackupId };
const RESTORING = sql`${instances.restoreBackupId} is not null`;

/**
 * The backups' rows, with the instance columns (backups.marks-repo.ts) that name the next one to take
 * (`pending_backup_id`) and the restore asked for (`restore_backup_id`, `restore_id`).
 * Callers have judged the instance in the caller's scope, or act for the console itself
 * (the workflow, the schedule). `db` may be a transaction.
 */
export function backupsRepo(db: Db) {
  return {
    ...backupMarksRepo(db),
    async list(instanceId: string): Promise<BackupRow[]> {
      return db
        .select()
        .from(instanceBackups)
        .where(and(eq(instanceBackups.instanceId, instanceId), ne(instanceBackups.status, 'deleted')))
        .orderBy(desc(instanceBackups.createdAt), desc(instanceBackups.backupId))
        .limit(LIST_LIMIT);
    },

    async get(instanceId: string, backupId: string): Promise<BackupRow | null> {
      const [row] = await db
        .select()
        .from(instanceBackups)
        .where(and(eq(instanceBackups.instanceId, instanceId), eq(instanceBackups.backupId, backupId)));
      return row ?? null;
    },

    /** A new backup to take; false when the instance already has one for `slot` (the schedule's once-per-day). */
    async add(row: typeof instanceBackups.$inferInsert): Promise<boolean> {
      const added = await db.insert(instanceBackups).values(row).onConflictDoNothing().returning({ backupId: instanceBackups.backupId });
      return added.length > 0;
    },

    /** Ends the backup the workflow took (done, with its size) or gave up (failed), once: false when it had ended already. */
    async settle(backupId: string, outcome: { status: 'done'; bytes: number; takenAt: Date } | { status: 'failed'; failure: string }): Promise<boolean> {
      const ended = await db
        .update(instanceBackups)
        .set(outcome)
        .where(and(eq(instanceBackups.backupId, backupId), eq(instanceBackups.status, 'pending')))
        .returning({ backupId: instanceBackups.backupId });
      return ended.length > 0;
    },

    /** Instances with a pending backup that none names (a request and a settle that crossed): for the sweep to name. */
    async unnamed(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ instanceId: instanceBackups.instanceId })
        .from(instanceBackups)
        .innerJoin(instances, eq(instances.instanceId, instanceBackups.instanceId))
        .where(and(eq(instanceBackups.status, 'pending'), isNull(instances.pendingBackupId), ne(instances.status, 'terminated')));
      return rows.map((r) => r.instanceId);
    },

    /** Backups taken before `before` and still kept, except one a restore waits on: the retention's to remove. */
    async expired(before: Date): Promise<{ backupId: string; upgradeKey: string | null; instanceId: string; terminated: boolean }[]> {
      const restoring = db.select(RESTORE_SOURCE).from(instances).where(RESTORING);
      return db
        .select({
          backupId: instanceBackups.backupId,
          upgradeKey: instanceBackups.upgradeKey,
          instanceId: instanceBackups.instanceId,
          terminated: sql<boolean>`${instances.status} = 'terminated'`,
        })
        .from(instanceBackups)
        .innerJoin(instances, eq(instances.instanceId, instanceBackups.instanceId))
        .where(and(eq(instanceBackups.status, 'done'), lt(instanceBackups.takenAt, before), notInArray(instanceBackups.backupId, restoring)));
    },

    async markDeleted(backupIds: string[], at: Date): Promise<void> {
      if (!backupIds.length) return;
      await db
        .update(instanceBackups)
        .set({ status: 'deleted', deletedAt: at })
        .where(and(inArray(instanceBackups.backupId, backupIds), eq(instanceBackups.status, 'done')));
    },
  };
}
