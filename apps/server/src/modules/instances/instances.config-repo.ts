import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instances } from '../../db/schema';
import type { Principal } from '../../lib/principal';
import type { InstanceRow } from './instances.repo';

/**
 * The configuration's compare-and-sets. A save counts `configVersion` up from the
 * version it was judged on; the workflow's config step marks the version it applied.
 * `db` may be a transaction.
 */
export function configRepo(db: Db) {
  return {
    /** A member's save of the CORS origins (the caller has judged the row in their scope); null when another save or a termination came first. */
    async saveCors(p: Principal, row: InstanceRow, origins: string[], at: Date): Promise<InstanceRow | null> {
      const [saved] = await db
        .update(instances)
        .set({ corsOrigins: origins, configVersion: row.configVersion + 1, configUpdatedAt: at, updatedAt: at, updatedBy: p.userId })
        .where(
          and(
            eq(instances.instanceId, row.instanceId),
            eq(instances.configVersion, row.configVersion),
            ne(instances.status, 'terminated'),
            eq(instances.tenantId, p.tenantId),
          ),
        )
        .returning();
      return saved ?? null;
    },

    /** Marks the version the step read as applied, once: a second run (after a crash) or an older read changes nothing. */
    async settleConfig(row: InstanceRow): Promise<InstanceRow | null> {
      const [settled] = await db
        .update(instances)
        .set({ configAppliedVersion: row.configVersion })
        .where(and(eq(instances.instanceId, row.instanceId), eq(instances.configAppliedVersion, row.configAppliedVersion)))
        .returning();
      return settled ?? null;
    },
  };
}
