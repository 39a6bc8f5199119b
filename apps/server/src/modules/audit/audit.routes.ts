import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../lib/mount';
import { principalOf } from '../../plugins/guard';

/**
 * The audit trail (spec section 7): POST /trails searches (limit, period,
 * user, action, text → sessions, count), GET /trails/{id} reads one entry.
 */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  const { audit } = app.services;
  mount(app, endpoints.trails, async (request) => audit.list(principalOf(request), request.body));
  mount(app, endpoints.trail, async (request) => audit.get(principalOf(request), request.params.id));
};
