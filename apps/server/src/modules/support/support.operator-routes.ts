import type { FastifyPluginAsync } from 'fastify';
import { endpoints, isUuid } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { sendAsDownload } from './support.download';

/** The name an operator's calls carry in an account's audit trail (no user, no key). */
export const OPERATOR_AUDIT_NAME = 'Operator (console support)';

/**
 * The support chat, the operators' side (guard 'operator': the OPERATOR_TOKEN, plugins/guard-operator.ts).
 * An operator is no member: a call about a conversation is written in the trail of the account
 * it belongs to, with no user and the operator as its actor, refused input included (the
 * account is read from the path before the input is judged).
 */
export const supportOperatorRoutes: FastifyPluginAsync = async (app) => {
  const { supportOperator } = app.services;
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.guard !== 'operator') return;
    const id = (request.params as { id?: unknown } | undefined)?.id;
    const tenantId = typeof id === 'string' && isUuid(id) ? await supportOperator.tenantOf(id) : null;
    if (tenantId) request.auditActor = { userId: null, tenantId, name: OPERATOR_AUDIT_NAME, email: '' };
  });
  mount(app, endpoints.operatorSupportQueue, async (request) => supportOperator.queue(request.query.status));
  mount(app, endpoints.operatorSupportConversation, async (request) => supportOperator.get(request.params.id));
  mount(app, endpoints.operatorSupportMessage, async (request) => supportOperator.message(request.params.id, request.body));
  mount(app, endpoints.closeSupportConversation, async (request) => supportOperator.setStatus(request.params.id, 'closed'));
  mount(app, endpoints.reopenSupportConversation, async (request) => supportOperator.setStatus(request.params.id, 'open'));
  mount(app, endpoints.operatorSupportAttachment, async (request, reply) => sendAsDownload(reply, await supportOperator.attachment(request.params.id, request.params.attachmentId)));
};
