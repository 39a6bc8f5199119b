import { integer, jsonb, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';
import { users } from './users';

/**
 * The columns of an account-wide setting's table (the session settings, the logger options):
 * one row once a member saved it (none: the defaults), the value as jsonb in `valueColumn`,
 * `version` counting the saves. Each instance has its own applied version of the setting
 * (instances' `*_applied_version`): the last one the workflow's config step gave its agent, so
 * an instance behind (a new one, one stopped during a save) gets it the next time it runs. One
 * shape, so one adapter (modules/account-setting) reads and saves every such table.
 */
export function accountSettingColumns<V>(valueColumn: string) {
  return {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    value: jsonb(valueColumn).$type<V>().notNull(),
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  };
}
