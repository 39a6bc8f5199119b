import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activitiesListSchema, activitiesQuerySchema, dataOf, guardFor } from '@replay/contracts';
import { principalOf } from '../../plugins/guard';
import { createActivityService } from './activity.service';

/** GET /managed-saas/activities (spec section 7): page, limit, query → activities, total. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const activity = createActivityService({ db: app.ctx.db });

  app.get(
    '/managed-saas/activities',
    {
      config: { guard: guardFor('activities') },
      schema: { querystring: activitiesQuerySchema, response: { 200: dataOf(activitiesListSchema) } },
    },
    async (request) => ({ data: await activity.list(principalOf(request), request.query) }),
  );
};
