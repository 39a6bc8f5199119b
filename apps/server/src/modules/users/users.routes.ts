import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../lib/mount';
import { principalOf } from '../../plugins/guard';

/** GET /limits and POST /users/modules (spec section 7): any signed-in member. */
export const usersRoutes: FastifyPluginAsync = async (app) => {
  const { users } = app.services;
  mount(app, endpoints.limits, async (request) => users.limits(principalOf(request)));
  mount(app, endpoints.toggleModule, async (request) => ({ modules: await users.toggleModule(principalOf(request), request.body.module) }));
};
