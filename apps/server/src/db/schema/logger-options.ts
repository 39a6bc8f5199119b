import { integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LoggerOptionsValues } from '@replay/contracts';
import { tenants } from './tenants';
import { users } from './users';

/**
 * The account's logger options (contracts' logger-options.ts), one row once a member saved
 * them (none: the defaults). `version` counts the saves; each instance's
 * `logger_applied_version` is the last one the workflow's config step gave its agent, so an
 * instance behind (a new one, one stopped during a save) gets them the next time it runs.
 */
export const loggerOptions = pgTable('logger_options', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  options: jsonb('options').$type<LoggerOptionsValues>().notNull(),
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
