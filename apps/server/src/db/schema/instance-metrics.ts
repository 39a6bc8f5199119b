import { bigint, integer, pgTable, primaryKey, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { instances } from './instances';

/**
 * One sample of a running instance per 60-s slot, as its agent measured it
 * (modules/monitoring). Kept narrow, since 7 days of minutes for 1,000
 * instances is ten million rows: percentages as hundredths (smallint), the
 * minute's network bytes as int8, and no tenant column (every read goes
 * through the instance's own scope check first). The key is also the
 * "one sample per slot" rule: a second write of a slot is dropped.
 *
 * The migration (0010) makes the key cover the values (INCLUDE, which drizzle's
 * builder cannot say) and vacuums the table after 1 % of it changed: a graph reads
 * one instance's minutes from the key alone (an index-only scan) instead of one
 * table page per minute, since each round writes every instance's minute side by
 * side; the vacuum keeps the pages all-visible, which an index-only scan needs.
 */
export const instanceMetrics = pgTable(
  'instance_metrics',
  {
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => instances.instanceId),
    /** The start of the 60-s slot the sample belongs to. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Hundredths of a percent: 1234 is 12.34 %. */
    cpu: smallint('cpu').notNull(),
    memory: smallint('memory').notNull(),
    disk: smallint('disk').notNull(),
    /** Bytes through the agent's own server in the minute before the slot; null when the agent had not seen a minute end. */
    netIn: bigint('net_in', { mode: 'number' }),
    netOut: bigint('net_out', { mode: 'number' }),
  },
  (t) => [primaryKey({ name: 'instance_metrics_pk', columns: [t.instanceId, t.at] })],
);

/**
 * The samples of each instance's 10-minute block, summed as they arrive (the
 * same statement that stores a sample adds it here, so the two never
 * disagree): a 7-day chart (step 600) or the disk forecast (hourly) reads one
 * row per block instead of ten minutes. Sums, not means, so blocks combine
 * exactly into any coarser step. Only the chart's full blocks come from
 * here; a window's partial edges are read from the minutes.
 */
export const instanceMetricBlocks = pgTable(
  'instance_metric_blocks',
  {
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => instances.instanceId),
    /** The block's start: a multiple of 600 s since the epoch. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Minutes sampled in the block, and the sums of their hundredths of a percent. */
    samples: smallint('samples').notNull(),
    cpu: integer('cpu').notNull(),
    memory: integer('memory').notNull(),
    disk: integer('disk').notNull(),
    /** Minutes with a network reading (an agent's first has none), and their bytes. */
    netSamples: smallint('net_samples').notNull(),
    netIn: bigint('net_in', { mode: 'number' }).notNull(),
    netOut: bigint('net_out', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'instance_metric_blocks_pk', columns: [t.instanceId, t.at] })],
);
