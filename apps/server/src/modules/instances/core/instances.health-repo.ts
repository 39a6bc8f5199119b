import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { instances } from '../../../db/schema';

/** The health round's reads and writes: what to check, the round's marks, and its results. `db` may be a transaction. */
export function instanceHealthRepo(db: Db) {
  return {
    async runningForHealth() {
      return db
        .select({
          instanceId: instances.instanceId,
          tenantId: instances.tenantId,
          name: instances.name,
          status: instances.status,
          size: instances.size,
          diskSize: instances.diskSize,
          healthy: instances.healthy,
        })
        .from(instances)
        .where(and(eq(instances.status, 'running'), eq(instances.inProgress, false)));
    },

    /**
     * Marks the round's instances as being checked (the wire's `checkingHealth`), and clears any
     * other mark: one a round left when its process died mid-round is cleared by the next round.
     */
    async markHealthChecking(ids: string[]): Promise<void> {
      // One array parameter (a PostgreSQL array literal of the ids, which are UUIDs read from this table).
      const list = sql`${`{${ids.join(',')}}`}::uuid[]`;
      await db.execute(sql`
        update ${instances} set checking_health = (${instances.instanceId} = any(${list}))
        where ${instances.checkingHealth} or ${instances.instanceId} = any(${list})`);
    },

    /** The round's results have landed (or it gave up): these instances are no longer being checked, whatever their status now. */
    async clearHealthChecking(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(instances)
        .set({ checkingHealth: false })
        .where(and(inArray(instances.instanceId, ids), eq(instances.checkingHealth, true)));
    },

    /**
     * One statement for a whole round, so a round over a thousand instances
     * costs one write. Only rows still running are touched; the ids that were
     * come back. updatedAt is left alone: it means "last changed", and the
     * client calls an instance old by it.
     */
    async recordHealth(results: { instanceId: string; healthy: boolean }[], at: Date): Promise<Set<string>> {
      if (results.length === 0) return new Set();
      const result = await db.execute(sql`
        update ${instances} set healthy = v.healthy, last_health_at = ${at.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(results.map((r) => ({ id: r.instanceId, healthy: r.healthy })))}::jsonb) as v(id uuid, healthy boolean)
        where ${instances.instanceId} = v.id and ${instances.status} = 'running'
        returning ${instances.instanceId} as instance_id`);
      // Both drivers (pg and PGlite) answer raw SQL with `{ rows }`.
      const { rows } = result as unknown as { rows: { instance_id: string }[] };
      return new Set(rows.map((r) => r.instance_id));
    },
  };
}
