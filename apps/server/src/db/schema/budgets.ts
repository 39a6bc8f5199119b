import { bigint, boolean, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';
import { users } from './users';

/** An account's spend budget (contracts' budgets.ts): at most one, µ$ a month. */
export const budgets = pgTable('budgets', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  /** Percentages, increasing. */
  thresholds: integer('thresholds').array().notNull(),
  hardStop: boolean('hard_stop').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Each threshold a period's spend crossed: the key (account, period, threshold) lets a crossing be
 * told once, whichever console process or round sees it first, however often the budget is edited.
 */
export const budgetCrossings = pgTable(
  'budget_crossings',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    threshold: integer('threshold').notNull(),
    /** The spend and the budget when it was seen, µ$. */
    spend: bigint('spend', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    crossedAt: timestamp('crossed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.periodStart, t.threshold] })],
);
