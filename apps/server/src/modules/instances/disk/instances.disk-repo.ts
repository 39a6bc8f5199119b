import { and, eq, isNull, lte, max, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { instanceActivities, instances, tenants } from '../../../db/schema';
import type { InstanceChange, InstanceRow } from '../core/instances.repo';

/**
 * The disk's queries: the once-per-interval cleanup slot, the disk step's
 * compare-and-set, and the account's edition for the billing rule. Callers
 * have already judged the instance in the caller's scope (`load`) or act
 * for the console itself (the workflow). `db` may be a transaction.
 */
export function diskRepo(db: Db) {
  return {
    async edition(tenantId: string): Promise<string | null> {
      const [tenant] = await db.select({ edition: tenants.edition }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
      return tenant?.edition ?? null;
    },

    /**
     * Takes the cleanup slot when the last one is at least `intervalMs` old,
     * and leaves the accepted age for the workflow; null when another holds it.
     */
    async claimCleanup(instanceId: string, at: Date, intervalMs: number, days: number): Promise<InstanceRow | null> {
      const [row] = await db
        .update(instances)
        .set({ lastCleanupAt: at, pendingCleanupDays: days })
        .where(and(eq(instances.instanceId, instanceId), or(isNull(instances.lastCleanupAt), lte(instances.lastCleanupAt, new Date(at.getTime() - intervalMs)))))
        .returning();
      return row ?? null;
    },

    /**
     * Ends the accepted cleanup the workflow read (same slot, same age), so it
     * is recorded once; `lastCleanupAt` given back to `giveBackTo` when it failed.
     */
    async settleCleanup(row: InstanceRow, giveBackTo?: Date | null): Promise<InstanceRow | null> {
      const [moved] = await db
        .update(instances)
        .set({ pendingCleanupDays: null, ...(giveBackTo === undefined ? {} : { lastCleanupAt: giveBackTo }) })
        .where(
          and(
            eq(instances.instanceId, row.instanceId),
            eq(instances.pendingCleanupDays, row.pendingCleanupDays ?? -1),
            row.lastCleanupAt === null ? isNull(instances.lastCleanupAt) : eq(instances.lastCleanupAt, row.lastCleanupAt),
          ),
        )
        .returning();
      return moved ?? null;
    },

    /** When a cleanup last ran to its end (its success record), or null: what a failed one gives the slot back to. */
    async lastCleanupDone(instanceId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: max(instanceActivities.createdAt) })
        .from(instanceActivities)
        .where(and(eq(instanceActivities.instanceId, instanceId), eq(instanceActivities.action, 'diskCleanup'), eq(instanceActivities.status, 'success')));
      return row?.at ?? null;
    },

    async lastCleanupAt(instanceId: string): Promise<Date | null> {
      const [row] = await db.select({ last: instances.lastCleanupAt }).from(instances).where(eq(instances.instanceId, instanceId));
      return row?.last ?? null;
    },

    /** Ends a disk change: only while it is the one under way (same flag, same target), so it lands once. */
    async settleStorage(row: InstanceRow, change: InstanceChange): Promise<InstanceRow | null> {
      const [moved] = await db
        .update(instances)
        .set({ storageInProgress: false, pendingDiskSize: null, ...change })
        .where(and(eq(instances.instanceId, row.instanceId), eq(instances.storageInProgress, true), eq(instances.pendingDiskSize, row.pendingDiskSize ?? -1)))
        .returning();
      return moved ?? null;
    },

    /** A flag without a target (never written so by this console) is only cleared. */
    async clearStorageFlag(instanceId: string): Promise<void> {
      await db
        .update(instances)
        .set({ storageInProgress: false })
        .where(and(eq(instances.instanceId, instanceId), eq(instances.storageInProgress, true)));
    },

    async noteFailure(instanceId: string, failure: string): Promise<void> {
      await db.update(instances).set({ failure }).where(eq(instances.instanceId, instanceId));
    },
  };
}
