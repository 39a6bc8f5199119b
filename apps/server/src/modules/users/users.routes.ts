import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, limitsSchema, modulesSchema, moduleToggleSchema } from '@replay/contracts';
import { principalOf } from '../../plugins/guard';
import { createUsersService } from './users.service';

/** GET /limits and POST /users/modules (spec section 7): any signed-in member. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = createUsersService({ db: app.ctx.db });

  app.get('/limits', { config: { guard: 'authenticated' }, schema: { response: { 200: dataOf(limitsSchema) } } }, async (request) => ({
    data: await users.limits(principalOf(request)),
  }));

  app.post(
    '/users/modules',
    { config: { guard: 'authenticated' }, schema: { body: moduleToggleSchema, response: { 200: dataOf(modulesSchema) } } },
    async (request) => ({ data: { modules: await users.toggleModule(principalOf(request), request.body.module) } }),
  );
};
