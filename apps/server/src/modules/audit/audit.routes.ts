import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/**
 * The audit trail (spec section 7): POST /trails searches (limit, period,
 * user, action, text → sessions, count), GET /trails/{id} reads one entry.
 * GET /trails/export streams the account's signed hash chain (CSV or JSON
 * Lines); GET /audit/signing-key publishes the key that signs it.
 */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  const { audit } = app.services;
  mount(app, endpoints.trails, async (request) => audit.list(principalOf(request), request.body));
  mount(app, endpoints.trail, async (request) => audit.get(principalOf(request), request.params.id));
  mount(app, endpoints.auditExport, async (request, reply) => {
    const file = await audit.exportChain(principalOf(request), request.query);
    // The account's whole history: never cached on the way.
    reply.header('cache-control', 'private, no-store').header('content-disposition', `attachment; filename="${file.filename}"`).header('content-type', file.contentType);
    return file.body;
  });
  mount(app, endpoints.auditSigningKey, async () => audit.signingKey());
};
