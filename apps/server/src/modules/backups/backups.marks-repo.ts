import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instanceBackups, instances } from '../../db/schema';

/** The instance as this module reads it (its scope judged by the instances service first). */
export type InstanceRow = typeof instances.$inferSelect;

/**
 * The instance columns that name the next backup to take (`pending_backup_id`) and the restore
 * asked for (`restore_backup_id`, `restore_id`): each set or cleared once, by a guarded update.
 * `db` may be a transaction.
 */
export function backupMarksRepo(db: Db) {
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
  };
}
