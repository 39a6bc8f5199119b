import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, guardFor, okSchema, roleInputSchema, roleSchema, rolesListSchema, roleIdParamsSchema } from '@replay/contracts';
import { principalOf } from '../../plugins/guard';
import { createRolesService } from './roles.service';

const idParams = roleIdParamsSchema;
const roleBody = dataOf(roleSchema);

/**
 * Roles and Access (spec section 7): PUT creates, POST updates. Reading the
 * list is also open to EDIT_MEMBERS holders, because the invite form offers
 * the roles to choose from.
 */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const roles = createRolesService({ db: ctx.db, clock: ctx.clock });

  app.get(
    '/client/roles',
    { config: { guard: guardFor('roles', 'membersEdit') }, schema: { response: { 200: dataOf(rolesListSchema) } } },
    async (request) => ({ data: await roles.list(principalOf(request)) }),
  );

  app.get(
    '/client/roles/:id',
    { config: { guard: guardFor('roles') }, schema: { params: idParams, response: { 200: roleBody } } },
    async (request) => ({ data: await roles.get(principalOf(request), request.params.id) }),
  );

  app.put(
    '/client/roles',
    { config: { guard: guardFor('rolesEdit') }, schema: { body: roleInputSchema, response: { 201: roleBody } } },
    async (request, reply) => reply.status(201).send({ data: await roles.create(principalOf(request), request.body) }),
  );

  app.post(
    '/client/roles/:id',
    { config: { guard: guardFor('rolesEdit') }, schema: { params: idParams, body: roleInputSchema, response: { 200: roleBody } } },
    async (request) => ({ data: await roles.update(principalOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/client/roles/:id',
    { config: { guard: guardFor('rolesEdit') }, schema: { params: idParams, response: { 200: dataOf(okSchema) } } },
    async (request) => {
      await roles.remove(principalOf(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );
};
