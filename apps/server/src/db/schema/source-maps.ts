import { integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { instances } from './instances';
import { tenants } from './tenants';
import { users } from './users';

/**
 * Source maps members upload for an instance (modules/js-errors): one per release and minified
 * file URL, a newer upload replacing the older. Kept by the console, not the instance: they are
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
    release: text('release').notNull(),
    fileUrl: text('file_url').notNull(),
    map: text('map').notNull(),
    bytes: integer('bytes').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [unique('source_maps_file').on(t.instanceId, t.release, t.fileUrl)],
);
