import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/** Monitoring of one instance (spec section 7): graphs over a window and the latest figures; reads, under the instances' read guard. */
export const monitoringRoutes: FastifyPluginAsync = async (app) => {
  const { monitoring } = app.services;

  mount(app, endpoints.graphs, async (request) => monitoring.graphs(principalOf(request), request.params.id, request.query));

  mount(app, endpoints.statistics, async (request) => monitoring.statistics(principalOf(request), request.params.id));
};
