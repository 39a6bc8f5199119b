import { integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { instances } from './instances';
import { projects } from './projects';
import { tenants } from './tenants';
import { users } from './users';

/**
 * Source maps members upload for a project of an instance (modules/js-errors): one per project,
 * release and minified file URL, a newer upload replacing the older; deleted with their project. Kept by the console, not the instance: they are
 * the customer's source code, read only to resolve stack traces, and a few per release.
 */
export const sourceMaps = pgTable(
  'source_maps',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => instances.instanceId, { onDelete: 'cascade' }),
    /** The project whose errors it resolves (migration 0038 gave older maps their instance's default project). */
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    release: text('release').notNull(),
    fileUrl: text('file_url').notNull(),
    map: text('map').notNull(),
    bytes: integer('bytes').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [unique('source_maps_project_file').on(t.projectId, t.release, t.fileUrl)],
);
