import { integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SessionSettingsValues } from '@replay/contracts';
import { tenants } from './tenants';
import { users } from './users';

/**
 * The account's session settings (contracts' session-settings.ts), one row once a member
 * saved them (none: the defaults). `version` counts the saves; each instance's
 * `capture_applied_version` is the last one the workflow's config step gave its agent, so
 * an instance behind (a new one, one stopped during a save) gets the current settings
 * the next time it runs.
 */
export const sessionSettings = pgTable('session_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<SessionSettingsValues>().notNull(),
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
