import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instanceBackups, instances } from '../../db/schema';

export type BackupRow = typeof instanceBackups.$inferSelect;
/** The instance as this module reads it (its scope judged by the instances service first). */
export type InstanceRow = typeof instances.$inferSelect;

/**
 * The name a backup has on the infrastructure: its row's id, so asking twice (a retry) names the
 * same backup; an upgrade's, the name the driver took it under (`upgrade-<key>`, infra/driver.ts).
 */
export const backupName = (row: Pick<BackupRow, 'backupId' | 'upgradeKey'>): string => (row.upgradeKey === null ? `backup-${row.backupId}` : `upgrade-${row.upgradeKey}`);

/** How many backups the tab lists: a year of dailies and then some. */
const LIST_LIMIT = 400;

/**
 * The backups' rows, and the instance columns that name the next one to take
 * (`pending_backup_id`) and the restore asked for (`restore_backup_id`, `restore_id`).
 * Callers have judged the instance in the caller's scope, or act for the console itself
 * (the workflow, the schedule). `db` may be a transaction.
 */
/** The backup each restoring instance is restored from: kept, whatever its age. */
const RESTORE_SOURCE = { id: instances.restoreBackupId };
const RESTORING = sql`${instances.restoreBackupId} is not null`;

export function backupsRepo(db: Db) {
  /** The oldest backup still to take of the instance, or null. */
  const nextPending = async (instanceId: string): Promise<string | null> => {
    const [next] = await db
      .select({ backupId: instanceBackups.backupId })
      .from(instanceBackups)
      .where(and(eq(instanceBackups.instanceId, instanceId), eq(instanceBackups.status, 'pending')))
      .orderBy(asc(instanceBackups.createdAt), asc(instanceBackups.backupId))
      .limit(1);
    return next?.backupId ?? null;
  };

  return {
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

    /**
     * Names the oldest pending backup as the one the workflow takes next, when none is
     * named: after a new one is asked for, and by the schedule's sweep for one a race
     * left unnamed. The instance as it now is, or null when nothing changed.
     */
    async nameNext(instanceId: string): Promise<InstanceRow | null> {
      const next = await nextPending(instanceId);
      if (!next) return null;
      const [row] = await db
        .update(instances)
        .set({ pendingBackupId: next })
        .where(and(eq(instances.instanceId, instanceId), isNull(instances.pendingBackupId)))
        .returning();
      return row ?? null;
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

    /** Moves the instance on from `backupId` to the next pending backup (or none); null when it had moved on already. */
    async moveOn(instanceId: string, backupId: string): Promise<InstanceRow | null> {
      const [row] = await db
        .update(instances)
        .set({ pendingBackupId: await nextPending(instanceId) })
        .where(and(eq(instances.instanceId, instanceId), eq(instances.pendingBackupId, backupId)))
        .returning();
      return row ?? null;
    },

    /** Names a member's backup as the next to take, only while none waits and the instance runs: of two clicks at once, one backup. */
    async nameMemberBackup(tenantId: string, instanceId: string, backupId: string): Promise<InstanceRow | null> {
      const [row] = await db
        .update(instances)
        .set({ pendingBackupId: backupId })
        .where(and(eq(instances.instanceId, instanceId), eq(instances.tenantId, tenantId), eq(instances.status, 'running'), isNull(instances.pendingBackupId)))
        .returning();
      return row ?? null;
    },

    /** Asks for a restore of `backupId`, only while none is under way and the instance runs. */
    async askRestore(tenantId: string, instanceId: string, backupId: string): Promise<InstanceRow | null> {
      const [row] = await db
        .update(instances)
        .set({ restoreBackupId: backupId, restoreId: randomUUID() })
        .where(and(eq(instances.instanceId, instanceId), eq(instances.tenantId, tenantId), eq(instances.status, 'running'), isNull(instances.restoreId)))
        .returning();
      return row ?? null;
    },

    /** Clears the restore `restoreId`, once: the instance as it now is, or null when it was cleared already. */
    async endRestore(instanceId: string, restoreId: string): Promise<InstanceRow | null> {
      const [row] = await db
        .update(instances)
        .set({ restoreBackupId: null, restoreId: null })
        .where(and(eq(instances.instanceId, instanceId), eq(instances.restoreId, restoreId)))
        .returning();
      return row ?? null;
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
