import { endpoint } from '../endpoint';
import { notificationCountSchema, notificationListQuerySchema, notificationListSchema, notificationParamsSchema, notificationSchema, viewNotificationsSchema } from '../notifications';

/**
 * The caller's own notifications (spec section 7's calls): every signed-in member has some,
 * so 'authenticated'; each row is its recipient's, another's id is 404. Marking read is not
 * recorded in the audit trail: it changes only what the caller's own bell shows.
 */
export const notificationEndpoints = {
  notificationCount: endpoint({ method: 'GET', path: '/notifications/count', guard: 'authenticated', response: notificationCountSchema }),
  notifications: endpoint({ method: 'GET', path: '/notifications', guard: 'authenticated', query: notificationListQuerySchema, response: notificationListSchema }),
  viewNotification: endpoint({
    method: 'GET',
    path: '/notifications/:id/view',
    guard: 'authenticated',
    params: notificationParamsSchema,
    response: notificationSchema,
  }),
  viewNotifications: endpoint({
    method: 'POST',
    path: '/notifications/view',
    guard: 'authenticated',
    body: viewNotificationsSchema,
    response: notificationCountSchema,
    audit: { unrecorded: 'marks only the caller’s own notifications as read' },
  }),
} as const;
