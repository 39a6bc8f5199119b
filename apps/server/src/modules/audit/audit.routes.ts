import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEntryIdParamsSchema, auditEntrySchema, dataOf, guardFor, trailsListSchema, trailsQuerySchema } from '@replay/contracts';
import { principalOf } from '../../plugins/guard';
import { createAuditService } from './audit.service';

/**
 * The audit trail (spec section 7): POST /trails searches (limit, period,
 * user, action, text → sessions, count), GET /trails/{id} reads one entry.
 * Guarded by the 'audit' entry of the permission table (VIEW_ACTIVITY).
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = createAuditService({ db: app.ctx.db, clock: app.ctx.clock });
  const guard = guardFor('audit');

  app.post(
    '/trails',
    { config: { guard }, schema: { body: trailsQuerySchema, response: { 200: dataOf(trailsListSchema) } } },
    async (request) => ({ data: await audit.list(principalOf(request), request.body) }),
  );

  app.get(
    '/trails/:id',
    { config: { guard }, schema: { params: auditEntryIdParamsSchema, response: { 200: dataOf(auditEntrySchema) } } },
    async (request) => ({ data: await audit.get(principalOf(request), request.params.id) }),
  );
};
