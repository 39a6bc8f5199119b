import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instances } from './instances';
import { tenants } from './tenants';

/**
 * Projects, the spec's sites (modules/projects): each of one instance of the account. An
 * instance's default project (`is_default`, one per instance) is made with it, in the same
 * transaction, with the instance's id as its own; migration 0031 made one for every
 * instance that existed before. The key is the console's random token, unique everywhere.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => instances.instanceId),
    name: text('name').notNull(),
    projectKey: text('project_key').notNull().unique(),
    isDefault: boolean('is_default').notNull().default(false),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('projects_tenant_idx').on(t.tenantId),
    uniqueIndex('projects_instance_name_idx').on(t.instanceId, t.name),
    uniqueIndex('projects_instance_default_idx')
      .on(t.instanceId)
      .where(sql`${t.isDefault}`),
  ],
);
