import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { instanceActivities, instances } from '../../../db/schema';
import type { InstanceChange, InstanceRow } from '../core/instances.repo';

/**
 * The version upgrade's queries for the workflow's step (the console acting
 * for itself: the request was judged in the caller's scope already). `db`
 * may be a transaction.
 */
export function versionRepo(db: Db) {
  return {
    /**
     * The upgrade's own id: its pending record's. One per request, so the
     * backup the step takes is found again by a retry of the same upgrade and
     * never by a later one.
     */
    async upgradeKey(instanceId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: instanceActivities.activityId })
        .from(instanceActivities)
        .where(and(eq(instanceActivities.instanceId, instanceId), eq(instanceActivities.action, 'upgrade'), eq(instanceActivities.status, 'pending')))
        .orderBy(desc(instanceActivities.createdAt))
        .limit(1);
      return row?.id ?? null;
    },

    /** Ends the upgrade under way (same status, same target), so it lands once. */
    async settle(row: InstanceRow, change: InstanceChange): Promise<InstanceRow | null> {
      const [moved] = await db
        .update(instances)
        .set({ status: 'running', inProgress: false, pendingVersion: null, ...change })
        .where(and(eq(instances.instanceId, row.instanceId), eq(instances.status, 'version-upgrading'), eq(instances.pendingVersion, row.pendingVersion ?? '')))
        .returning();
      return moved ?? null;
    },

    /** Keeps why the new version failed, so a console that dies while restoring still records the reason. */
    async noteFailure(instanceId: string, failure: string, uiFailure?: string, settled?: boolean): Promise<InstanceRow | null> {
      const [row] = await db
        .update(instances)
        .set({ failure, ...(uiFailure === undefined ? {} : { uiFailure }), ...(settled ? { inProgress: false } : {}) })
        .where(and(eq(instances.instanceId, instanceId), eq(instances.status, 'version-upgrading')))
        .returning();
      return row ?? null;
    },
  };
}
