import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/** A project's JavaScript errors (/{siteId}/errors) and the source maps that resolve their stack traces. */
export const jsErrorsRoutes: FastifyPluginAsync = async (app) => {
  const { jsErrors } = app.services;

  mount(app, endpoints.instanceErrors, async (request) => jsErrors.list(principalOf(request), request.params.id, request.query));

  mount(app, endpoints.instanceError, async (request) => jsErrors.read(principalOf(request), request.params.id, request.params.errorId, request.query.siteId));

  mount(app, endpoints.uploadSourceMap, async (request) => jsErrors.uploadMap(principalOf(request), request.params.id, request.query.siteId, request.body));

  mount(app, endpoints.sourceMaps, async (request) => jsErrors.listMaps(principalOf(request), request.params.id, request.query.siteId));

  mount(app, endpoints.deleteSourceMap, async (request) => jsErrors.removeMap(principalOf(request), request.params.id, request.query.siteId, request.params.mapId));
};
