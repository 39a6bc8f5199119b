import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instances, tenants } from '../../db/schema';
import type { InstanceChange, InstanceRow } from './instances.repo';

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

    /** Takes the cleanup slot when the last one is at least `intervalMs` old; false when another holds it. */
    async claimCleanup(instanceId: string, at: Date, intervalMs: number): Promise<boolean> {
      const rows = await db
        .update(instances)
        .set({ lastCleanupAt: at })
        .where(and(eq(instances.instanceId, instanceId), or(isNull(instances.lastCleanupAt), lte(instances.lastCleanupAt, new Date(at.getTime() - intervalMs)))))
        .returning({ instanceId: instances.instanceId });
      return rows.length > 0;
    },

    /** Gives a claimed slot back (the agent could not clean up), unless a later claim took it meanwhile. */
    async giveBackCleanup(instanceId: string, claimedAt: Date, previous: Date | null): Promise<void> {
      await db
        .update(instances)
        .set({ lastCleanupAt: previous })
        .where(and(eq(instances.instanceId, instanceId), eq(instances.lastCleanupAt, claimedAt)));
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
      await db.update(instances).set({ storageInProgress: false }).where(and(eq(instances.instanceId, instanceId), eq(instances.storageInProgress, true)));
    },

    async noteFailure(instanceId: string, failure: string): Promise<void> {
      await db.update(instances).set({ failure }).where(eq(instances.instanceId, instanceId));
    },
  };
}
