import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { authorizeCaller, claimsOf, principalOf } from '../../plugins/guard';

/** The caller's notifications: the header's bell and its list. */
export const notificationsRoutes: FastifyPluginAsync = async (app) => {
  const { notifications } = app.services;
  mount(app, endpoints.notificationCount, async (request) => notifications.countWithCaller(claimsOf(request), (caller) => authorizeCaller(request, caller)), {
    callerReadWithData: true,
  });
  mount(app, endpoints.notifications, async (request) => notifications.list(principalOf(request), request.query));
  mount(app, endpoints.viewNotification, async (request) => notifications.viewOne(principalOf(request), request.params.id));
  mount(app, endpoints.viewNotifications, async (request) => notifications.viewMany(principalOf(request), request.body));
};
