import { z } from 'zod';
import { safePaging, safeUuid, uuidParamsSchema } from './safe';

/**
 * Notifications (spec section 3's Notification; issue 14): what the console tells each member
 * about their account, made from its domain events (instances failing, invoices, the trial,
 * the team, alert rules), one row per member whose permissions open the screen it concerns.
 * The header's bell shows the unread count and the newest.
 */

export const NOTIFICATION_LEVELS = ['info', 'success', 'warning', 'critical'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

/** The categories a notification belongs to (`filterKey`): the screen it concerns. */
export const NOTIFICATION_CATEGORIES = ['instances', 'alerts', 'billing', 'members', 'integrations'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found.',
  idsRequired: 'Name at least one notification, or all.',
  title: 'Notifications',
  empty: 'No notifications yet.',
  markAllRead: 'Mark all as read',
  loadFailed: 'Notifications could not be loaded.',
  viewAll: 'View all notifications',
  emptyCategory: 'No notifications of this kind.',
} as const;

/** How many ids one POST /notifications/view takes; the popover marks a page at most. */
export const MAX_VIEW_IDS = 100;
/** How often an open console asks for the unread count while its tab is visible. */
export const NOTIFICATION_POLL_MS = 30_000;

export const notificationSchema = z.object({
  notificationId: z.string(),
  level: z.enum(NOTIFICATION_LEVELS),
  /** Epoch ms; equal to createdAt (notifications are never edited, the spec's field is kept). */
  editedAt: z.number().int(),
  createdAt: z.number().int(),
  /** One line: title and description together, for a mail subject or a screen reader. */
  text: z.string(),
  /** A console path to the thing concerned, or null. */
  link: z.string().nullable(),
  viewed: z.boolean(),
  title: z.string(),
  description: z.string(),
  /** The domain event's type (`instance.failed`, `invoice.paid`, `alert.fired`…). */
  type: z.string(),
  filterKey: z.enum(NOTIFICATION_CATEGORIES),
  options: z.object({
    /** What the notification is about: instance, invoice, account, member or alert. */
    source: z.string(),
    sourceId: z.string().nullable(),
    /** The instance concerned (the spec's project), or null. */
    projectId: z.string().nullable(),
    sourceMeta: z.record(z.string(), z.string()),
  }),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationCountSchema = z.object({ count: z.number().int() });
export type NotificationCount = z.infer<typeof notificationCountSchema>;

/** The page's filter names for each category, in its order. */
export const NOTIFICATION_CATEGORY_LABELS: Record<NotificationCategory, string> = {
  instances: 'Instances',
  alerts: 'Alerts',
  billing: 'Billing',
  members: 'Team',
  integrations: 'Webhooks',
};

/** One page of the caller's notifications, newest first; `filterKey` keeps one category. */
export const notificationListQuerySchema = z.strictObject({ ...safePaging(20, 'query'), filterKey: z.enum(NOTIFICATION_CATEGORIES).optional() });
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** GET /notifications: the newest first; `unread` is the caller's count, so the bell and the list agree. */
export const notificationListSchema = z.object({ notifications: z.array(notificationSchema), total: z.number().int(), unread: z.number().int() });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationParamsSchema = uuidParamsSchema(NOTIFICATION_MESSAGES.notFound);

/** POST /notifications/view: the ids shown (at most a page), or every unread one ("Mark all as read"). */
export const viewNotificationsSchema = z
  .strictObject({ ids: z.array(safeUuid(NOTIFICATION_MESSAGES.notFound)).max(MAX_VIEW_IDS).optional(), all: z.literal(true).optional() })
  .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, NOTIFICATION_MESSAGES.idsRequired);
export type ViewNotificationsInput = z.infer<typeof viewNotificationsSchema>;
