import type { SupportConversation, SupportMessage } from '@replay/contracts';
import type { AttachmentMeta, ConversationWithInstance, MessageRow } from './support.repo';

/** An operator's name as the account sees it: the people who run the console, not one of them. */
export const OPERATOR_NAME = 'Support';

export function conversationToWire(c: ConversationWithInstance, unread: number): SupportConversation {
  return {
    id: c.id,
    subject: c.subject,
    status: c.status,
    instanceId: c.instanceId,
    instanceName: c.instanceName,
    createdByName: c.createdByName,
    createdAt: c.createdAt.getTime(),
    updatedAt: c.updatedAt.getTime(),
    lastMessageAt: c.lastMessageAt.getTime(),
    unread,
  };
}

export function messageToWire(r: { message: MessageRow; attachments: AttachmentMeta[] }): SupportMessage {
  const m = r.message;
  return {
    id: m.id,
    authorKind: m.authorKind,
    authorName: m.authorName,
    authorUserId: m.authorUserId,
    body: m.body,
    internal: m.internal,
    createdAt: m.createdAt.getTime(),
    attachments: r.attachments.map((a) => ({ id: a.id, name: a.name, mediaType: a.mediaType, size: a.size })),
  };
}
