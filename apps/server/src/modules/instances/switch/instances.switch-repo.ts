import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { instances } from '../../../db/schema';
import type { InstanceChange, InstanceRow } from '../core/instances.repo';

/**
 * The switch step's compare-and-sets. The workflow acts for the console
 * itself, having read the row by id; `db` may be a transaction.
 */
export function switchRepo(db: Db) {
  /** The switch the row was read under: still `upgrading`, towards the same type. */
  const same = (row: InstanceRow) =>
    and(eq(instances.instanceId, row.instanceId), eq(instances.status, 'upgrading'), row.pendingSize === null ? isNull(instances.pendingSize) : eq(instances.pendingSize, row.pendingSize));

  return {
    /** Ends the switch (done or undone): running again, nothing pending, so it lands once. */
    async settle(row: InstanceRow, change: InstanceChange): Promise<InstanceRow | null> {
      const [moved] = await db
        .update(instances)
        .set({ status: 'running', inProgress: false, pendingSize: null, ...change })
        .where(same(row))
        .returning();
      return moved ?? null;
    },

    /** An attempt failed and another will follow: only the error is kept, the switch stays under way. */
    async noteFailure(row: InstanceRow, failure: string): Promise<void> {
      await db.update(instances).set({ failure }).where(same(row));
    },
  };
}
