import { boolean, customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { instances } from './instances';
import { tenants } from './tenants';
import { users } from './users';

/** PostgreSQL's bytea, read and written as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The support chat (modules/support): a conversation of an account, optionally about one of
 * its instances. `waiting_since` is the operators' queue order: the time of the customer's
 * first message no operator has answered yet (null once answered).
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    instanceId: uuid('instance_id').references(() => instances.instanceId),
    subject: text('subject').notNull(),
    status: text('status', { enum: ['open', 'closed'] }).notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdByName: text('created_by_name').notNull(),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('support_conversations_tenant_idx').on(t.tenantId, t.lastMessageAt), index('support_conversations_queue_idx').on(t.status, t.waitingSince)],
);

/** One message: a member's (author_user_id) or an operator's; an internal note is an operator's, never shown to the account. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    authorKind: text('author_kind', { enum: ['member', 'operator'] }).notNull(),
    authorUserId: uuid('author_user_id').references(() => users.id),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('support_messages_conversation_idx').on(t.conversationId, t.createdAt)],
);

/** A message's file, kept in the database (checked type and size; served only as a download). */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    messageId: uuid('message_id')
      .notNull()
      .references(() => supportMessages.id),
    name: text('name').notNull(),
    mediaType: text('media_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('support_attachments_message_idx').on(t.messageId)],
);

/** How far each member has read a conversation: later messages of others are their unread ones. */
export const supportReads = pgTable(
  'support_reads',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    readUpTo: timestamp('read_up_to', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);
