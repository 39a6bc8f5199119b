import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  createSupportConversationSchema,
  operatorQueueQuerySchema,
  operatorQueueSchema,
  operatorSupportMessageSchema,
  operatorThreadSchema,
  supportAttachmentParamsSchema,
  supportConversationListSchema,
  supportConversationParamsSchema,
  supportReplySchema,
  supportThreadSchema,
  supportUnreadSchema,
} from '../support';

const BASE = '/support/conversations';
const OPERATOR_BASE = '/operator/support/conversations';
const params = supportConversationParamsSchema;
const attachmentFile = z.string().describe('The attachment’s bytes, served as a download (Content-Disposition: attachment)');

/**
 * The support chat, a member's side: any signed-in member of the account may read and write
 * its conversations ('authenticated', so a person's own: API keys are refused, as a message is
 * a person's words). Another account's conversation is 404.
 */
export const supportEndpoints = {
  supportConversations: endpoint({ method: 'GET', path: BASE, guard: 'authenticated', response: supportConversationListSchema }),
  supportUnread: endpoint({ method: 'GET', path: '/support/unread', guard: 'authenticated', response: supportUnreadSchema }),
  openSupportConversation: endpoint({
    method: 'POST',
    path: BASE,
    guard: 'authenticated',
    body: createSupportConversationSchema,
    response: supportThreadSchema,
    status: 201,
    audit: { label: 'Open support conversation' },
  }),
  supportConversation: endpoint({ method: 'GET', path: `${BASE}/:id`, guard: 'authenticated', params, response: supportThreadSchema }),
  replySupportConversation: endpoint({
    method: 'POST',
    path: `${BASE}/:id/messages`,
    guard: 'authenticated',
    params,
    body: supportReplySchema,
    response: supportThreadSchema,
    status: 201,
    audit: { label: 'Write to support' },
  }),
  readSupportConversation: endpoint({
    method: 'POST',
    path: `${BASE}/:id/read`,
    guard: 'authenticated',
    params,
    response: supportUnreadSchema,
    audit: { unrecorded: 'marks only the caller’s own read state' },
  }),
  supportAttachment: endpoint({
    method: 'GET',
    path: `${BASE}/:id/attachments/:attachmentId`,
    guard: 'authenticated',
    params: supportAttachmentParamsSchema,
    response: attachmentFile,
    file: 'application/octet-stream',
  }),
} as const;

/**
 * The operators' side: guarded 'operator', reached only with the console's OPERATOR_TOKEN (no
 * member's session or key passes). Every account's conversations; replies, internal notes,
 * close and reopen are recorded in the account's trail with the operator as the actor.
 */
export const operatorSupportEndpoints = {
  operatorSupportQueue: endpoint({ method: 'GET', path: OPERATOR_BASE, guard: 'operator', query: operatorQueueQuerySchema, response: operatorQueueSchema }),
  operatorSupportConversation: endpoint({ method: 'GET', path: `${OPERATOR_BASE}/:id`, guard: 'operator', params, response: operatorThreadSchema }),
  operatorSupportMessage: endpoint({
    method: 'POST',
    path: `${OPERATOR_BASE}/:id/messages`,
    guard: 'operator',
    params,
    body: operatorSupportMessageSchema,
    response: operatorThreadSchema,
    audit: { label: 'Answer support conversation' },
  }),
  closeSupportConversation: endpoint({
    method: 'POST',
    path: `${OPERATOR_BASE}/:id/close`,
    guard: 'operator',
    params,
    response: operatorThreadSchema,
    audit: { label: 'Close support conversation' },
  }),
  reopenSupportConversation: endpoint({
    method: 'POST',
    path: `${OPERATOR_BASE}/:id/reopen`,
    guard: 'operator',
    params,
    response: operatorThreadSchema,
    audit: { label: 'Reopen support conversation' },
  }),
  operatorSupportAttachment: endpoint({
    method: 'GET',
    path: `${OPERATOR_BASE}/:id/attachments/:attachmentId`,
    guard: 'operator',
    params: supportAttachmentParamsSchema,
    response: attachmentFile,
    file: 'application/octet-stream',
  }),
} as const;
