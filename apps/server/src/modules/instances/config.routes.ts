import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../lib/mount';
import { principalOf } from '../../plugins/guard';

/** The instance's configuration (spec section 7's `…/config`): the CORS tab, and its origin check. */
export const configRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app.services;

  mount(app, endpoints.instanceConfig, async (request) => config.read(principalOf(request), request.params.id));

  mount(app, endpoints.saveInstanceConfig, async (request) => config.saveCors(principalOf(request), request.params.id, request.body.ingressAnnotations));

  mount(app, endpoints.corsCheck, async (request) => config.check(principalOf(request), request.params.id, request.body.origin));
};
