import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { GRAPH_STEP_SECONDS } from '@replay/contracts';
import type { Db } from '../../db/client';
import { instanceMetricBlocks, instanceMetrics } from '../../db/schema';

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
/** The blocks' length (instance_metric_blocks; the migration that fills them from older samples says 600 too). */
export const BLOCK_SECONDS = 600;

const seconds = (at: Date): number => Math.floor(at.getTime() / 1000);

/** The minutes of one instance between two moments, as the blocks' columns: one range scan of the key. */
const minutesBetween = (instanceId: string, from: Date, to: Date, toIncluded: boolean) => sql`
  select extract(epoch from at)::int8 as e, 1 as n, cpu::int, memory::int, disk::int, (net_in is not null)::int as nn, net_in, net_out
  from instance_metrics where instance_id = ${instanceId} and at >= ${from} and at ${toIncluded ? sql`<=` : sql`<`} ${to}`;

/**
 * At the sampling step each bucket is one minute's sample, so its values are
 * read as they are and scaled here: no grouping, no numeric arithmetic (a
 * 7-day window is ten thousand of them). The same figures as a mean of one.
 */
async function minutesAt(db: Db, instanceId: string, from: Date, to: Date): Promise<MetricBucket[]> {
  const result = await db.execute(sql`
    select extract(epoch from at)::float8 as t, cpu, memory, disk, net_in::float8 as "netIn", net_out::float8 as "netOut"
    from instance_metrics where instance_id = ${instanceId} and at >= ${from} and at <= ${to} order by at`);
  const rows = (result as unknown as { rows: MetricBucket[] }).rows;
  for (const r of rows) {
    r.cpu /= 100;
    r.memory /= 100;
    r.disk /= 100;
    if (r.netIn !== null) r.netIn = Math.round(r.netIn / 60);
    if (r.netOut !== null) r.netOut = Math.round(r.netOut / 60);
  }
  return rows;
}

/** The queries of monitoring. Reads are by one instance id, which the service has checked against the caller's scope. */
export function monitoringRepo(db: Db) {
  return {
    /**
     * The round's samples, a multi-row insert; a slot already sampled keeps
     * its first sample. The same statement adds the samples it stored to their
     * blocks' sums, so blocks and minutes agree whatever stops the console.
     */
    async insertSamples(rows: readonly MetricRow[]): Promise<number> {
      let written = 0;
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const values = rows.slice(i, i + INSERT_CHUNK).map((r) => sql`(${r.instanceId}, ${r.at}, ${r.cpu}, ${r.memory}, ${r.disk}, ${r.netIn ?? null}, ${r.netOut ?? null})`);
        const result = await db.execute(sql`
          with stored as (
            insert into instance_metrics (instance_id, at, cpu, memory, disk, net_in, net_out) values ${sql.join(values, sql`, `)}
            on conflict do nothing
            returning instance_id, at, cpu, memory, disk, net_in, net_out
          ), summed as (
            insert into instance_metric_blocks as b (instance_id, at, samples, cpu, memory, disk, net_samples, net_in, net_out)
            select instance_id, to_timestamp((extract(epoch from at)::int8 / ${BLOCK_SECONDS}) * ${BLOCK_SECONDS}), count(*), sum(cpu), sum(memory), sum(disk),
              count(net_in), coalesce(sum(net_in), 0), coalesce(sum(net_out), 0)
            from stored group by 1, 2
            on conflict (instance_id, at) do update set samples = b.samples + excluded.samples, cpu = b.cpu + excluded.cpu,
              memory = b.memory + excluded.memory, disk = b.disk + excluded.disk, net_samples = b.net_samples + excluded.net_samples,
              net_in = b.net_in + excluded.net_in, net_out = b.net_out + excluded.net_out
          )
          select count(*)::int as written from stored`);
        written += (result as unknown as { rows: { written: number }[] }).rows[0]!.written;
      }
      return written;
    },

    /**
     * The window's buckets of `step` seconds, oldest first: minutes with no
     * sample are simply not there (a gap), and a bucket is the mean of the
     * minutes it has. A step of whole blocks reads the blocks wholly inside
     * the window and the minutes of its partial edges; any other step reads
     * the minutes. Every read is a range scan of a key that covers its values
     * (an index-only scan: see the schema).
     */
    async buckets(instanceId: string, from: Date, to: Date, step: number): Promise<MetricBucket[]> {
      if (step === GRAPH_STEP_SECONDS) return minutesAt(db, instanceId, from, to);
      // The blocks wholly inside: from the first block starting at or after `from` to the last whose last minute is at or before `to`.
      const firstBlock = Math.ceil(seconds(from) / BLOCK_SECONDS) * BLOCK_SECONDS;
      const blocksEnd = Math.floor((seconds(to) + 60) / BLOCK_SECONDS) * BLOCK_SECONDS;
      const byBlocks = step % BLOCK_SECONDS === 0 && firstBlock < blocksEnd;
      const [a, b] = [new Date(firstBlock * 1000), new Date(blocksEnd * 1000)];
      const rows = byBlocks
        ? sql`${minutesBetween(instanceId, from, a, false)}
          union all select extract(epoch from at)::int8, samples::int, cpu, memory, disk, net_samples::int, net_in, net_out
            from instance_metric_blocks where instance_id = ${instanceId} and at >= ${a} and at < ${b}
          union all ${minutesBetween(instanceId, b, to, true)}`
        : minutesBetween(instanceId, from, to, true);
      // Whole seconds in int8 arithmetic: extract() answers numeric, which is slower to divide.
      const result = await db.execute(sql`
        select ((e / ${step}::int8) * ${step}::int8)::float8 as t,
          (round(sum(cpu)::numeric / sum(n)) / 100)::float8 as cpu,
          (round(sum(memory)::numeric / sum(n)) / 100)::float8 as memory,
          (round(sum(disk)::numeric / sum(n)) / 100)::float8 as disk,
          round(sum(net_in)::numeric / nullif(sum(nn), 0) / 60)::float8 as "netIn",
          round(sum(net_out)::numeric / nullif(sum(nn), 0) / 60)::float8 as "netOut"
        from (${rows}) m group by 1 order by 1`);
      return (result as unknown as { rows: MetricBucket[] }).rows;
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
      // A block goes once all its minutes have: a window that starts inside it reads that edge from the minutes.
      await db.delete(instanceMetricBlocks).where(and(sql`${instanceMetricBlocks.instanceId} = any(${ids})`, lt(instanceMetricBlocks.at, new Date(before.getTime() - BLOCK_SECONDS * 1000))));
      return removed.length;
    },
  };
}
