import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../../platform/mount';
import { principalOf } from '../../../plugins/guard';

/** Switch Instance (spec section 7's instance-upgrade). */
export const switchRoutes: FastifyPluginAsync = async (app) => {
  const { switcher } = app.services;

  mount(app, endpoints.switchInstance, async (request) => switcher.switchType(principalOf(request), request.params.id, request.body.instanceType));
};
