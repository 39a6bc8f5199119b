import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../../platform/mount';
import { principalOf } from '../../../plugins/guard';

/** Versions (spec section 7): the versions on offer, and an instance's upgrade to one of them, now or in its maintenance window. */
export const versionRoutes: FastifyPluginAsync = async (app) => {
  const { versions } = app.services;

  mount(app, endpoints.versions, async () => versions.list());

  mount(app, endpoints.versionUpgrade, async (request) => versions.upgrade(principalOf(request), request.params.id, request.body.version, request.body.when));

  mount(app, endpoints.cancelScheduledUpgrade, async (request) => versions.cancelScheduled(principalOf(request), request.params.id));
};
