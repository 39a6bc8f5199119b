import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_LEVELS } from '@replay/contracts';
import { tenants } from './tenants';
import { users } from './users';

/**
 * A member's notifications (modules/notifications): one row per recipient of a domain
 * event, written by the after-commit consumer. (event, recipient) is unique, so an event
 * delivered twice notifies once. The bell's count (every open console asks it every
 * 30 s) reads the partial index of unread rows per recipient alone: its size is the
 * unread rows, not the history, and a count is an index-only scan of a few entries.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id),
    eventId: uuid('event_id').notNull(),
    type: text('type').notNull(),
    level: text('level', { enum: NOTIFICATION_LEVELS }).notNull(),
    category: text('category', { enum: NOTIFICATION_CATEGORIES }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    link: text('link'),
    source: text('source').notNull(),
    sourceId: text('source_id'),
    projectId: uuid('project_id'),
    sourceMeta: jsonb('source_meta').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_event_recipient_uq').on(t.eventId, t.recipientId),
    // The list: a recipient's newest first.
    index('notifications_recipient_created_idx').on(t.recipientId, t.createdAt.desc(), t.id.desc()),
    // The bell's count: only unread rows are in it.
    index('notifications_unread_idx')
      .on(t.recipientId, t.tenantId)
      .where(sql`${t.viewedAt} is null`),
  ],
);
