import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/** Roles and Access (spec section 7): PUT creates, POST updates. */
export const rolesRoutes: FastifyPluginAsync = async (app) => {
  const { roles } = app.services;

  mount(app, endpoints.roles, async (request) => roles.list(principalOf(request)));

  mount(app, endpoints.role, async (request) => roles.get(principalOf(request), request.params.id));

  mount(app, endpoints.createRole, async (request) => roles.create(principalOf(request), request.body));

  mount(app, endpoints.updateRole, async (request) => roles.update(principalOf(request), request.params.id, request.body));

  mount(app, endpoints.deleteRole, async (request) => {
    await roles.remove(principalOf(request), request.params.id);
    return { ok: true as const };
  });
};
