import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instances, supportAttachments, supportConversations, supportMessages, supportReads } from '../../db/schema';

export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
export type AttachmentMeta = { id: string; messageId: string; name: string; mediaType: string; size: number };
export type ConversationWithInstance = ConversationRow & { instanceName: string | null };

/** What a reader of the thread may see: a member never an internal note. */
export type Audience = 'member' | 'operator';
const visibleTo = (audience: Audience): SQL | undefined => (audience === 'member' ? eq(supportMessages.internal, false) : undefined);

/** The outer row's id, written out: drizzle renders a column in a select's fields unqualified, which the subquery would read as its own. */
const OUTER_CONVERSATION_ID = sql.raw('"support_conversations"."id"');

/** Another's visible messages past the reader's read mark (the reader's own never count). */
const unreadOf = (userId: string) => sql<number>`(
  select count(*)::int from ${supportMessages} m
  left join ${supportReads} r on r.conversation_id = m.conversation_id and r.user_id = ${userId}
  where m.conversation_id = ${OUTER_CONVERSATION_ID} and not m.internal
    and m.author_user_id is distinct from ${userId}
    and m.created_at > coalesce(r.read_up_to, '-infinity'::timestamptz))`;

const withInstance = { conversation: supportConversations, instanceName: instances.name };
const flatten = (r: { conversation: ConversationRow; instanceName: string | null }): ConversationWithInstance => ({ ...r.conversation, instanceName: r.instanceName });

/**
 * The support chat's rows. Every read of a member's takes their account (`tenantId`): another
 * account's conversation is not there. `db` may be a transaction.
 */
/** A member's unread count of a conversation, as a selection. */
const unreadColumn = (userId: string) => ({ unread: unreadOf(userId) });

export function supportRepo(db: Db) {
  return {
    async list(tenantId: string, userId: string): Promise<(ConversationWithInstance & { unread: number })[]> {
      const rows = await db
        .select({ ...withInstance, unread: unreadOf(userId) })
        .from(supportConversations)
        .leftJoin(instances, eq(instances.instanceId, supportConversations.instanceId))
        .where(eq(supportConversations.tenantId, tenantId))
        .orderBy(desc(supportConversations.lastMessageAt), desc(supportConversations.id))
        .limit(200);
      return rows.map((r) => ({ ...flatten(r), unread: r.unread }));
    },

    /** One conversation of the account (`tenantId` null: any account's, for an operator). */
    async find(tenantId: string | null, id: string, forUpdate = false): Promise<ConversationWithInstance | null> {
      const where = and(eq(supportConversations.id, id), tenantId === null ? undefined : eq(supportConversations.tenantId, tenantId));
      const query = db.select(withInstance).from(supportConversations).leftJoin(instances, eq(instances.instanceId, supportConversations.instanceId)).where(where);
      const [row] = forUpdate ? await query.for('update', { of: supportConversations }) : await query;
      return row ? flatten(row) : null;
    },

    async unreadIn(conversationId: string, userId: string): Promise<number> {
      const [row] = await db.select(unreadColumn(userId)).from(supportConversations).where(eq(supportConversations.id, conversationId));
      return row?.unread ?? 0;
    },

    async unreadTotal(tenantId: string, userId: string): Promise<number> {
      const [row] = await db
        .select({ unread: sql<number>`coalesce(sum(${unreadOf(userId)}), 0)::int` })
        .from(supportConversations)
        .where(eq(supportConversations.tenantId, tenantId));
      return row?.unread ?? 0;
    },

    async messages(conversationId: string, audience: Audience): Promise<{ message: MessageRow; attachments: AttachmentMeta[] }[]> {
      const rows = await db
        .select()
        .from(supportMessages)
        .where(and(eq(supportMessages.conversationId, conversationId), visibleTo(audience)))
        .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
      const ids = rows.map((r) => r.id);
      const files = ids.length
        ? await db
            .select({ id: supportAttachments.id, messageId: supportAttachments.messageId, name: supportAttachments.name, mediaType: supportAttachments.mediaType, size: supportAttachments.size })
            .from(supportAttachments)
            .where(inArray(supportAttachments.messageId, ids))
            .orderBy(asc(supportAttachments.createdAt))
        : [];
      return rows.map((message) => ({ message, attachments: files.filter((f) => f.messageId === message.id) }));
    },

    /** An attachment of the conversation's messages the audience may see, with its bytes. */
    async attachment(conversationId: string, attachmentId: string, audience: Audience): Promise<{ name: string; mediaType: string; content: Buffer } | null> {
      const [row] = await db
        .select({ name: supportAttachments.name, mediaType: supportAttachments.mediaType, content: supportAttachments.content })
        .from(supportAttachments)
        .innerJoin(supportMessages, eq(supportMessages.id, supportAttachments.messageId))
        .where(and(eq(supportAttachments.id, attachmentId), eq(supportMessages.conversationId, conversationId), visibleTo(audience)));
      return row ?? null;
    },

    /** The account's instance a conversation may be about (any status: a failed or stopped one is what support is for). */
    async instanceOf(tenantId: string, instanceId: string): Promise<{ instanceId: string; name: string } | null> {
      const [row] = await db
        .select({ instanceId: instances.instanceId, name: instances.name })
        .from(instances)
        .where(and(eq(instances.tenantId, tenantId), eq(instances.instanceId, instanceId), sql`${instances.status} <> 'terminated'`));
      return row ?? null;
    },

    async insertConversation(row: typeof supportConversations.$inferInsert): Promise<void> {
      await db.insert(supportConversations).values(row);
    },
    async updateConversation(id: string, patch: Partial<Pick<ConversationRow, 'status' | 'waitingSince' | 'lastMessageAt' | 'updatedAt'>>): Promise<void> {
      await db.update(supportConversations).set(patch).where(eq(supportConversations.id, id));
    },
    async insertMessage(row: typeof supportMessages.$inferInsert): Promise<void> {
      await db.insert(supportMessages).values(row);
    },
    async insertAttachment(row: typeof supportAttachments.$inferInsert): Promise<void> {
      await db.insert(supportAttachments).values(row);
    },

    /** The member has read the conversation up to `at` (never moved back). */
    async markRead(tenantId: string, conversationId: string, userId: string, at: Date): Promise<void> {
      await db
        .insert(supportReads)
        .values({ tenantId, conversationId, userId, readUpTo: at })
        .onConflictDoUpdate({ target: [supportReads.conversationId, supportReads.userId], set: { readUpTo: sql`greatest(${supportReads.readUpTo}, excluded.read_up_to)` } });
    },
  };
}
export type SupportRepo = ReturnType<typeof supportRepo>;
