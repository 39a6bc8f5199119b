import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/** GET /managed-saas/activities (spec section 7): page, limit, query → activities, total. */
export const activityRoutes: FastifyPluginAsync = async (app) => {
  const { activity } = app.services;
  mount(app, endpoints.activities, async (request) => activity.list(principalOf(request), request.query));
};
