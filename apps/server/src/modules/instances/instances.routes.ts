import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createInstanceSchema,
  dataOf,
  guardFor,
  instanceActionBodySchema,
  instanceEventsQuerySchema,
  instanceEventsSchema,
  instanceIdParamsSchema,
  instanceJwtSchema,
  instanceListQuerySchema,
  instanceListSchema,
  instanceSchema,
  instanceStatusListSchema,
  instanceStatusOnlySchema,
  instanceStatusQuerySchema,
  proxyHealthSchema,
  updateInstanceSchema,
  validateDomainQuerySchema,
  validateDomainSchema,
} from '@replay/contracts';
import { authorizeCaller, claimsOf, principalOf } from '../../plugins/guard';
import { defaultAccountSources } from '../account/account.service';
import { createInstanceChecksService } from './instance-checks.service';
import { workflowEnqueuer } from './instances.jobs';
import { createInstancesService } from './instances.service';

const BASE = '/managed-saas/instances';
const read = { guard: guardFor('instances') };
const edit = { guard: guardFor('instancesEdit') };
const create = { guard: guardFor('instancesCreate') };
const idParams = instanceIdParamsSchema;
const instanceBody = dataOf(instanceSchema);
/** Printable ASCII, as the IETF draft for the header allows; long enough for a UUID or a client's own scheme. */
const idempotencyHeaders = z.object({
  'idempotency-key': z.string().regex(/^[\x21-\x7e]{1,255}$/, 'Idempotency-Key must be 1 to 255 printable characters').optional(),
});

/** Managed instances (spec section 7): reads need a view or edit permission, changes the edit one. */
export const instancesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const instances = createInstancesService({
    database: ctx.database,
    driver: ctx.driver,
    clock: ctx.clock,
    enqueue: workflowEnqueuer(ctx.boss),
    hasBillingDetails: defaultAccountSources(ctx.db).hasBillingDetails,
  });
  const checks = createInstanceChecksService({ db: ctx.db, driver: ctx.driver, instances });

  app.get(
    BASE,
    { config: { ...read, callerReadWithData: true }, schema: { querystring: instanceListQuerySchema, response: { 200: dataOf(instanceListSchema) } } },
    async (request) => ({
      data: await instances.listWithCaller(claimsOf(request), request.query, (caller) => authorizeCaller(request, caller)),
    }),
  );

  app.post(
    `${BASE}/status`,
    { config: read, schema: { body: instanceStatusQuerySchema, response: { 200: dataOf(instanceStatusListSchema) } } },
    async (request) => ({ data: await instances.statuses(principalOf(request), request.body.ids) }),
  );

  app.get(
    `${BASE}/validate-domain`,
    { config: read, schema: { querystring: validateDomainQuerySchema, response: { 200: dataOf(validateDomainSchema) } } },
    async (request) => ({ data: await instances.validateDomain(request.query.url) }),
  );

  app.post(
    BASE,
    { config: create, schema: { headers: idempotencyHeaders, body: createInstanceSchema, response: { 201: instanceBody } } },
    async (request, reply) => {
      const answer = await instances.create(principalOf(request), request.body, request.headers['idempotency-key']);
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send({ data: answer.instance });
    },
  );

  app.get(`${BASE}/:id`, { config: read, schema: { params: idParams, response: { 200: instanceBody } } }, async (request) => ({
    data: await instances.get(principalOf(request), request.params.id),
  }));

  app.get(
    `${BASE}/:id/status`,
    { config: read, schema: { params: idParams, response: { 200: dataOf(instanceStatusOnlySchema) } } },
    async (request) => ({ data: await instances.status(principalOf(request), request.params.id) }),
  );

  app.put(
    `${BASE}/:id`,
    { config: edit, schema: { params: idParams, body: updateInstanceSchema, response: { 200: instanceBody } } },
    async (request) => ({ data: await instances.update(principalOf(request), request.params.id, request.body) }),
  );

  app.delete(`${BASE}/:id`, { config: edit, schema: { params: idParams, response: { 200: instanceBody } } }, async (request) => ({
    data: await instances.act(principalOf(request), request.params.id, { action: 'terminate' }),
  }));

  app.post(
    `${BASE}/:id/actions`,
    { config: edit, schema: { params: idParams, body: instanceActionBodySchema, response: { 200: instanceBody } } },
    async (request) => ({ data: await instances.act(principalOf(request), request.params.id, request.body) }),
  );

  app.get(
    `${BASE}/:id/jwt`,
    { config: read, schema: { params: idParams, response: { 200: dataOf(instanceJwtSchema) } } },
    async (request, reply) => {
      // A login token must not sit in any cache.
      reply.header('cache-control', 'no-store');
      return { data: await instances.loginToken(principalOf(request), request.params.id) };
    },
  );

  app.get(
    `${BASE}/:id/health`,
    { config: read, schema: { params: idParams, response: { 200: dataOf(proxyHealthSchema) } } },
    async (request) => ({ data: await checks.proxyHealth(principalOf(request), request.params.id) }),
  );

  app.get(
    `${BASE}/:id/user-activity`,
    { config: read, schema: { params: idParams, querystring: instanceEventsQuerySchema, response: { 200: dataOf(instanceEventsSchema) } } },
    async (request) => ({ data: await checks.events(principalOf(request), request.params.id, request.query) }),
  );
};
