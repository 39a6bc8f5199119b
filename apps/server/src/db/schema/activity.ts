import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * The console activity log (spec: Activity screen): one row per thing a
 * person or the system did in the account. Instance rows carry the instance
 * so that a member scoped to some instances sees only theirs.
 */
export const consoleActivities = pgTable(
  'console_activities',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    action: text('action').notNull(),
    message: text('message').notNull(),
    instanceId: uuid('instance_id'),
    instanceName: text('instance_name'),
    userId: uuid('user_id'),
    userName: text('user_name').notNull().default('System'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('console_activities_tenant_time_idx').on(t.tenantId, t.createdAt)],
);
