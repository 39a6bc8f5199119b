import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instanceMetrics } from '../../db/schema';

export type MetricRow = typeof instanceMetrics.$inferInsert;

/** One bucket of a window: its start (epoch seconds) and the means of its minutes (percent, bytes per second); null where no minute had one. */
export interface MetricBucket {
  t: number;
  cpu: number;
  memory: number;
  disk: number;
  netIn: number | null;
  netOut: number | null;
}

/** Rows per insert statement: 1,000 instances in two statements, well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 500;

/** The queries of monitoring. Reads are by one instance id, which the service has checked against the caller's scope. */
export function monitoringRepo(db: Db) {
  return {
    /** The round's samples, a multi-row insert; a slot already sampled keeps its first sample. */
    async insertSamples(rows: readonly MetricRow[]): Promise<number> {
      let written = 0;
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const chunk = rows.slice(i, i + INSERT_CHUNK);
        const inserted = await db.insert(instanceMetrics).values(chunk).onConflictDoNothing().returning({ id: instanceMetrics.instanceId });
        written += inserted.length;
      }
      return written;
    },

    /**
     * The window's buckets of `step` seconds, oldest first: minutes with no
     * sample are simply not there (a gap), and a bucket is the mean of the
     * minutes it has. One range scan of the primary key, which covers the values (an
     * index-only scan: see the schema).
     */
    async buckets(instanceId: string, from: Date, to: Date, step: number): Promise<MetricBucket[]> {
      // Whole seconds in int8 arithmetic: extract() answers numeric, which is slower to divide.
      const bucket = sql`(extract(epoch from ${instanceMetrics.at})::int8 / ${step}::int8) * ${step}::int8`;
      const rows = await db
        .select({
          t: sql<number>`(${bucket})::float8`,
          cpu: sql<number>`(round(avg(${instanceMetrics.cpu})) / 100)::float8`,
          memory: sql<number>`(round(avg(${instanceMetrics.memory})) / 100)::float8`,
          disk: sql<number>`(round(avg(${instanceMetrics.disk})) / 100)::float8`,
          netIn: sql<number | null>`round(avg(${instanceMetrics.netIn}) / 60)::float8`,
          netOut: sql<number | null>`round(avg(${instanceMetrics.netOut}) / 60)::float8`,
        })
        .from(instanceMetrics)
        .where(and(eq(instanceMetrics.instanceId, instanceId), sql`${instanceMetrics.at} >= ${from}`, sql`${instanceMetrics.at} <= ${to}`))
        // By position: the bucket's expression carries the step as a parameter, and a repeated one would be another parameter, which PostgreSQL does not see as the same expression.
        .groupBy(sql`1`)
        .orderBy(sql`1`);
      return rows;
    },

    async latest(instanceId: string): Promise<{ at: Date; cpu: number; memory: number; disk: number } | null> {
      const [row] = await db
        .select({ at: instanceMetrics.at, cpu: instanceMetrics.cpu, memory: instanceMetrics.memory, disk: instanceMetrics.disk })
        .from(instanceMetrics)
        .where(eq(instanceMetrics.instanceId, instanceId))
        .orderBy(desc(instanceMetrics.at))
        .limit(1);
      return row ?? null;
    },

    /**
     * Forgets samples older than `before` of the given instances: a range of
     * the primary key per instance (an array scan), so the cost follows the
     * rows removed, not the table's ten million.
     */
    async purge(instanceIds: readonly string[], before: Date): Promise<number> {
      if (!instanceIds.length) return 0;
      const ids = sql`${`{${instanceIds.join(',')}}`}::uuid[]`;
      const removed = await db
        .delete(instanceMetrics)
        .where(and(sql`${instanceMetrics.instanceId} = any(${ids})`, lt(instanceMetrics.at, before)))
        .returning({ id: instanceMetrics.instanceId });
      return removed.length;
    },
  };
}
