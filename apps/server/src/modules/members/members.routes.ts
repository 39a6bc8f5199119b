import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataOf,
  guardFor,
  invitationLinkSchema,
  memberInputSchema,
  membersListSchema,
  membersQuerySchema,
  okSchema,
  teamMemberSchema,
  memberIdParamsSchema,
} from '@replay/contracts';
import { principalOf } from '../../plugins/guard';
import { createSessionService, sessionDepsOf } from '../auth/session.service';
import { invitationSealKey } from './invitation-token';
import { createMembersService } from './members.service';

const idParams = memberIdParamsSchema;
const memberBody = dataOf(teamMemberSchema);

/** Team members (spec section 7): list, read, invite, edit, remove, and a new invitation link. */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const members = createMembersService({
    db: ctx.db,
    clock: ctx.clock,
    mailer: ctx.mailer,
    sealKey: invitationSealKey(ctx.secrets.jwtSecret),
    publicUrl: ctx.env.publicUrl,
    productName: ctx.env.PRODUCT_NAME,
    sessions: createSessionService(sessionDepsOf(ctx)),
  });
  const read = { guard: guardFor('members') };
  const write = { guard: guardFor('membersEdit') };

  app.get(
    '/client/members',
    { config: read, schema: { querystring: membersQuerySchema, response: { 200: dataOf(membersListSchema) } } },
    async (request) => ({ data: await members.list(principalOf(request), request.query) }),
  );

  app.get(
    '/users/:id',
    { config: read, schema: { params: idParams, response: { 200: memberBody } } },
    async (request) => ({ data: await members.get(principalOf(request), request.params.id) }),
  );

  app.post(
    '/client/members',
    { config: write, schema: { body: memberInputSchema, response: { 201: memberBody } } },
    async (request, reply) => reply.status(201).send({ data: await members.invite(principalOf(request), request.body) }),
  );

  app.put(
    '/client/members/:id',
    { config: write, schema: { params: idParams, body: memberInputSchema, response: { 200: memberBody } } },
    async (request) => ({ data: await members.update(principalOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/client/members/:id/reset',
    { config: write, schema: { params: idParams, response: { 200: dataOf(invitationLinkSchema) } } },
    async (request) => ({ data: { invitationLink: await members.renewInvitation(principalOf(request), request.params.id) } }),
  );

  app.delete(
    '/client/members/:id',
    { config: write, schema: { params: idParams, response: { 200: dataOf(okSchema) } } },
    async (request) => {
      await members.remove(principalOf(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );
};
