import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/** POST /users/modules (spec section 7): the account's optional modules, the /client/modules tab. */
export const consoleModulesRoutes: FastifyPluginAsync = async (app) => {
  const { consoleModules } = app.services;
  mount(app, endpoints.toggleModule, async (request) => consoleModules.toggle(principalOf(request), request.body.module));
};
