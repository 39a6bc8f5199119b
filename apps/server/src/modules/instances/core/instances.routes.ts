import type { FastifyPluginAsync } from 'fastify';
import { LIVE_POSITION_HEADER, endpoints } from '@replay/contracts';
import { mount } from '../../../platform/mount';
import { authorizeCaller, credentialOf, principalOf } from '../../../plugins/guard';

/** Managed instances (spec section 7): reads need a view or edit permission, changes the edit one. */
export const instancesRoutes: FastifyPluginAsync = async (app) => {
  const { instances, instanceChecks: checks } = app.services;

  mount(
    app,
    endpoints.instances,
    async (request, reply) => {
      const { list, livePosition } = await instances.listWithCaller(credentialOf(request), request.query, (caller) => authorizeCaller(request, caller));
      reply.header(LIVE_POSITION_HEADER, String(livePosition));
      return list;
    },
    { callerReadWithData: true },
  );

  mount(app, endpoints.statuses, async (request) => instances.statuses(principalOf(request), request.body.ids));

  mount(app, endpoints.validateDomain, async (request) => instances.validateDomain(request.query.url));

  mount(app, endpoints.createInstance, async (request, reply) => {
    const answer = await instances.create(principalOf(request), request.body, request.headers['idempotency-key']);
    if (answer.replayed) {
      reply.header('idempotent-replayed', 'true');
      // As every other create's replay (platform/mount.ts): it changed nothing, so the trail has it once.
      request.idempotentReplay = true;
    }
    return answer.instance;
  });

  mount(app, endpoints.instance, async (request) => checks.details(principalOf(request), request.params.id));

  mount(app, endpoints.status, async (request) => instances.status(principalOf(request), request.params.id));

  mount(app, endpoints.updateInstance, async (request) => instances.update(principalOf(request), request.params.id, request.body));

  mount(app, endpoints.deleteInstance, async (request) => instances.act(principalOf(request), request.params.id, { action: 'terminate' }));

  mount(app, endpoints.act, async (request) => instances.act(principalOf(request), request.params.id, request.body));

  mount(app, endpoints.loginToken, async (request, reply) => {
    // A login token must not sit in any cache.
    reply.header('cache-control', 'no-store');
    return instances.loginToken(principalOf(request), request.params.id);
  });

  mount(app, endpoints.proxyHealth, async (request) => checks.proxyHealth(principalOf(request), request.params.id));

  mount(app, endpoints.events, async (request) => checks.events(principalOf(request), request.params.id, request.query));
};
