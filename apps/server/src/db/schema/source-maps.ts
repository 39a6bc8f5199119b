import { integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { instances } from './instances';
import { projects } from './projects';
import { tenants } from './tenants';
import { users } from './users';

/**
 * Source maps members uploaded for a project of an instance (modules/js-errors) while the console
 * kept them: one per project, release and minified file URL. Instances keep their own maps now
 * (apps/agent/src/source-maps/): each row here is handed to its instance at its project's next
 * errors or maps call and then removed (docs/ARCHITECTURE.md, "Where source maps are kept");
 * nothing writes here any more.
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
