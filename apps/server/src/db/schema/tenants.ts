import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** An account (organization): the unit every other row is scoped to. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  tenantKey: text('tenant_key').notNull().unique(),
  edition: text('edition', { enum: ['ee', 'foss'] }).notNull().default('foss'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }).notNull(),
  optOut: boolean('opt_out').notNull().default(false),
  modules: text('modules').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
