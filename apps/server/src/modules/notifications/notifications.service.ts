import { NOTIFICATION_MESSAGES, type Notification, type NotificationList, type NotificationListQuery, type ViewNotificationsInput } from '@replay/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import type { AccessClaims } from '../../lib/access-token';
import { unreadCountWithCaller } from './notifications.caller-count';
import { notificationsRepo, type NotificationRow } from './notifications.repo';
import type { Clock } from '../../lib/time';

export function notificationToWire(n: NotificationRow): Notification {
  const createdAt = n.createdAt.getTime();
  return {
    notificationId: n.id,
    level: n.level,
    editedAt: createdAt,
    createdAt,
    text: `${n.title}. ${n.description}`,
    link: n.link,
    viewed: n.viewedAt !== null,
    title: n.title,
    description: n.description,
    type: n.type,
    filterKey: n.category,
    options: { source: n.source, sourceId: n.sourceId, projectId: n.projectId, sourceMeta: n.sourceMeta },
  };
}

/** The caller's own notifications; another member's id is not found. */
export function createNotificationsService(deps: { db: Db; clock: Clock }) {
  const repo = notificationsRepo(deps.db);
  return {
    /** The bell's read: the caller (judged by `authorize`, as the guard would) and their count in one statement. */
    async countWithCaller(claims: AccessClaims, authorize: (caller: Principal | null) => Principal): Promise<{ count: number }> {
      const { caller, count } = await unreadCountWithCaller(deps.db, claims);
      authorize(caller);
      return { count };
    },

    async count(p: Principal): Promise<{ count: number }> {
      return { count: await repo.unreadCount(p.userId, p.tenantId) };
    },

    async list(p: Principal, q: NotificationListQuery): Promise<NotificationList> {
      const [page, unread] = await Promise.all([repo.page(p.userId, p.tenantId, q), repo.unreadCount(p.userId, p.tenantId)]);
      return { notifications: page.rows.map((r) => notificationToWire(r.row)), total: page.total, unread };
    },

    async viewOne(p: Principal, id: string): Promise<Notification> {
      const row = await repo.viewOne(p.userId, p.tenantId, id, deps.clock.now());
      if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
      return notificationToWire(row);
    },

    async viewMany(p: Principal, input: ViewNotificationsInput): Promise<{ count: number }> {
      await repo.viewMany(p.userId, p.tenantId, input.all ? 'all' : (input.ids ?? []), deps.clock.now());
      return this.count(p);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
