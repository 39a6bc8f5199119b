import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/** GET /limits (spec section 7): any signed-in member. (POST /users/modules is modules/console-modules.) */
export const usersRoutes: FastifyPluginAsync = async (app) => {
  const { users } = app.services;
  mount(app, endpoints.limits, async (request) => users.limits(principalOf(request)));
};
