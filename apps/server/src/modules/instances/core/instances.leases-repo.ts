import { and, eq, isNotNull, isNull, lt, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { instances } from '../../../db/schema';
import { liveProcessIds } from '../../../lib/process-heartbeat';

/** The workflow's lease on an instance: one process moves an instance at a time. `db` may be a transaction. */
export function instanceLeasesRepo(db: Db) {
  return {
    /**
     * Takes (or extends) the workflow lease; false while another live process holds it. A holder
     * without a live heartbeat (lib/process-heartbeat.ts) is dead, whatever its lease says; `takeOver`
     * names a holder known to be dead on this machine.
     */
    async acquireLease(instanceId: string, owner: string, now: Date, until: Date, takeOver?: string): Promise<boolean> {
      const rows = await db
        .update(instances)
        .set({ leaseOwner: owner, leaseUntil: until })
        .where(
          and(
            eq(instances.instanceId, instanceId),
            or(
              isNull(instances.leaseOwner),
              eq(instances.leaseOwner, owner),
              lt(instances.leaseUntil, now),
              notInArray(instances.leaseOwner, liveProcessIds),
              takeOver ? eq(instances.leaseOwner, takeOver) : undefined,
            ),
          ),
        )
        .returning({ id: instances.instanceId });
      return rows.length > 0;
    },

    async releaseLease(instanceId: string, owner: string): Promise<void> {
      await db
        .update(instances)
        .set({ leaseOwner: null, leaseUntil: null })
        .where(and(eq(instances.instanceId, instanceId), eq(instances.leaseOwner, owner)));
    },

    /** Embedded mode only: the data-folder lock proves every lease belongs to a dead process. */
    async clearAllLeases(): Promise<void> {
      await db.update(instances).set({ leaseOwner: null, leaseUntil: null }).where(isNotNull(instances.leaseOwner));
    },
  };
}
