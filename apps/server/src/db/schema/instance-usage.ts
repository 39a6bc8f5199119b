import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { INSTANCE_SIZES, INSTANCE_STATUSES } from '@replay/contracts';
import { instances } from './instances';
import { tenants } from './tenants';

/**
 * What each instance was, and from when to when: one row per status (and,
 * once instances can be resized, per size and disk), written in the same
 * transaction as the change that began it, which also ends the row before
 * it. Billing meters from here: the periods of one instance are contiguous,
 * `endedAt` is null for the current one, and termination ends the last.
 */
export const instanceUsagePeriods = pgTable(
  'instance_usage_periods',
  {
    id: uuid('id').primaryKey(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => instances.instanceId),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    status: text('status', { enum: INSTANCE_STATUSES }).notNull(),
    size: text('size', { enum: INSTANCE_SIZES }).notNull(),
    diskGb: integer('disk_gb').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    // At most one current period per instance.
    uniqueIndex('instance_usage_current_uq')
      .on(t.instanceId)
      .where(sql`${t.endedAt} is null`),
    index('instance_usage_tenant_time_idx').on(t.tenantId, t.startedAt),
    // Metering reads the periods still open or ended inside its window, whatever their start.
    index('instance_usage_tenant_end_idx').on(t.tenantId, sql`coalesce(${t.endedAt}, 'infinity'::timestamptz)`),
  ],
);
