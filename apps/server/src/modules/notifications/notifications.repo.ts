import type { NotificationCategory } from '@replay/contracts';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { readPage, totalOver, type PageQuery } from '../../lib/paging';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/** One member's notifications: every query names the recipient and their account. */
export function notificationsRepo(db: Db) {
  const mine = (recipientId: string, tenantId: string) => and(eq(notifications.recipientId, recipientId), eq(notifications.tenantId, tenantId));
  const unread = (recipientId: string, tenantId: string) => and(mine(recipientId, tenantId), isNull(notifications.viewedAt));

  return {
    /** An event's rows; an event delivered again writes nothing (event, recipient is unique). */
    async add(rows: NewNotification[]): Promise<number> {
      if (rows.length === 0) return 0;
      const written = await db.insert(notifications).values(rows).onConflictDoNothing().returning({ id: notifications.id });
      return written.length;
    },

    async unreadCount(recipientId: string, tenantId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(notifications).where(unread(recipientId, tenantId));
      return row?.n ?? 0;
    },

    page(recipientId: string, tenantId: string, q: PageQuery & { filterKey?: NotificationCategory }) {
      const where = and(mine(recipientId, tenantId), q.filterKey ? eq(notifications.category, q.filterKey) : undefined);
      return readPage(
        q,
        (limit, offset) =>
          db.select({ row: notifications, total: totalOver() }).from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit).offset(offset),
        () => db.select({ n: count() }).from(notifications).where(where),
      );
    },

    /** Marks one read (the first time only) and answers it; undefined when it is not the caller's. */
    async viewOne(recipientId: string, tenantId: string, id: string, at: Date): Promise<NotificationRow | undefined> {
      const [row] = await db
        .update(notifications)
        .set({ viewedAt: sql`coalesce(${notifications.viewedAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(mine(recipientId, tenantId), eq(notifications.id, id)))
        .returning();
      return row;
    },

    /** Marks the named ones (only the caller's: another's id changes nothing), or all unread. */
    async viewMany(recipientId: string, tenantId: string, ids: readonly string[] | 'all', at: Date): Promise<void> {
      await db
        .update(notifications)
        .set({ viewedAt: at })
        .where(and(unread(recipientId, tenantId), ids === 'all' ? undefined : inArray(notifications.id, [...ids])));
    },
  };
}
