import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { instanceUsagePeriods } from '../../../db/schema';
import { newId } from '../../../lib/ids';
import type { InstanceRow } from './instances.repo';

export type UsageFacts = Pick<InstanceRow, 'instanceId' | 'tenantId' | 'status' | 'size' | 'diskSize'>;

/** The instance's usage periods (schema/instance-usage.ts): what billing meters. */
export function usagePeriodsRepo(db: Db) {
  return {
    /**
     * The instance is now as `row` says from `at` on: ends the current period
     * and begins the next, in the caller's transaction (the change's own). No
     * change of status, size or disk, no new period; termination only ends.
     */
    async follow(row: UsageFacts, at: Date): Promise<void> {
      const [current] = await db
        .select()
        .from(instanceUsagePeriods)
        .where(and(eq(instanceUsagePeriods.instanceId, row.instanceId), isNull(instanceUsagePeriods.endedAt)));
      if (current && current.status === row.status && current.size === row.size && current.diskGb === row.diskSize) return;
      if (current) await db.update(instanceUsagePeriods).set({ endedAt: at }).where(eq(instanceUsagePeriods.id, current.id));
      if (row.status === 'terminated') return;
      await db.insert(instanceUsagePeriods).values({
        id: newId(),
        instanceId: row.instanceId,
        tenantId: row.tenantId,
        status: row.status,
        size: row.size,
        diskGb: row.diskSize,
        startedAt: at,
      });
    },

    async ofInstance(instanceId: string) {
      return db.select().from(instanceUsagePeriods).where(eq(instanceUsagePeriods.instanceId, instanceId)).orderBy(asc(instanceUsagePeriods.startedAt));
    },
  };
}
