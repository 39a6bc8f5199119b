import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';
import { sendAsDownload } from './support.download';

/** The support drawer's chat, a member's side (contracts' endpoints/support.ts). */
export const supportRoutes: FastifyPluginAsync = async (app) => {
  const { support } = app.services;
  mount(app, endpoints.supportConversations, async (request) => support.list(principalOf(request)));
  mount(app, endpoints.supportUnread, async (request) => support.unread(principalOf(request)));
  mount(app, endpoints.openSupportConversation, async (request) => support.open(principalOf(request), request.body));
  mount(app, endpoints.supportConversation, async (request) => support.get(principalOf(request), request.params.id));
  mount(app, endpoints.replySupportConversation, async (request) => support.reply(principalOf(request), request.params.id, request.body));
  mount(app, endpoints.readSupportConversation, async (request) => support.markRead(principalOf(request), request.params.id));
  mount(app, endpoints.supportAttachment, async (request, reply) => sendAsDownload(reply, await support.attachment(principalOf(request), request.params.id, request.params.attachmentId)));
};
