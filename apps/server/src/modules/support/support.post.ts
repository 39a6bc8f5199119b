import { eq } from 'drizzle-orm';
import { routes, SUPPORT_MESSAGES, type SupportAttachmentInput } from '@replay/contracts';
import type { Db } from '../../db/client';
import { tenants } from '../../db/schema';
import { emitEvent } from '../../events/emit';
import { newId } from '../../lib/ids';
import type { Mail } from '../../mail/mailer';
import { checkedAttachment } from './support.attachments';
import { supportRepo, type ConversationRow } from './support.repo';

export interface SupportMailDeps {
  mailer: { queue(tx: Db, mail: Mail): Promise<void> };
  supportEmail: string;
  publicUrl: string;
}

export type Author = { kind: 'member'; userId: string; name: string } | { kind: 'operator'; name: string };

export interface NewMessage {
  author: Author;
  body: string;
  internal: boolean;
  attachment?: SupportAttachmentInput;
  at: Date;
}

/** The mail to SUPPORT_EMAIL for a customer's message: who, which account, the words, where to answer. */
async function supportMail(tx: Db, deps: SupportMailDeps, c: ConversationRow, m: NewMessage, attachmentName: string | null): Promise<Mail> {
  const [account] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, c.tenantId));
  const accountName = account?.name ?? c.tenantId;
  const lines = [
    `${m.author.name} (account ${accountName}, ${c.tenantId}) wrote in the conversation "${c.subject}":`,
    '',
    m.body,
    '',
    ...(attachmentName ? [`Attached: ${attachmentName}`, ''] : []),
    `Answer on the operator screen: ${deps.publicUrl.replace(/\/+$/, '')}${routes.operatorSupport()}`,
    `or with the CLI: replay support answer ${c.id}`,
  ];
  // A header is one line, whatever an account's name holds.
  const subject = SUPPORT_MESSAGES.mailSubject(accountName, c.subject).replace(/\s+/g, ' ');
  return { to: deps.supportEmail, subject, text: lines.join('\n') };
}

/**
 * One message, in the caller's transaction with everything it changes: the message and its
 * checked attachment, the conversation's queue order (a customer's message waits until an
 * operator answers; it reopens a closed conversation), the domain event the live push reads
 * (not for an internal note, which the account never hears of) and, for a customer's message,
 * the mail to SUPPORT_EMAIL. A process killed before the commit leaves none of it.
 */
export async function postMessage(tx: Db, deps: SupportMailDeps, c: ConversationRow, m: NewMessage): Promise<string> {
  const repo = supportRepo(tx);
  const attachment = m.attachment ? checkedAttachment(m.attachment) : null;
  const messageId = newId();
  const fromMember = m.author.kind === 'member';
  await repo.insertMessage({
    id: messageId,
    tenantId: c.tenantId,
    conversationId: c.id,
    authorKind: m.author.kind,
    authorUserId: m.author.kind === 'member' ? m.author.userId : null,
    authorName: m.author.name,
    body: m.body,
    internal: m.internal,
    createdAt: m.at,
  });
  if (attachment) await repo.insertAttachment({ id: newId(), tenantId: c.tenantId, messageId, ...attachment, size: attachment.content.length, createdAt: m.at });
  if (m.internal) {
    await repo.updateConversation(c.id, { updatedAt: m.at });
    return messageId;
  }
  await repo.updateConversation(c.id, {
    updatedAt: m.at,
    lastMessageAt: m.at,
    waitingSince: fromMember ? (c.waitingSince ?? m.at) : null,
    ...(fromMember ? { status: 'open' as const } : {}),
  });
  if (m.author.kind === 'member') await repo.markRead(c.tenantId, c.id, m.author.userId, m.at);
  const actor = m.author.kind === 'member' ? { userId: m.author.userId, name: m.author.name } : null;
  await emitEvent(tx, { type: 'support.message_posted', tenantId: c.tenantId, actor, at: m.at.getTime(), conversationId: c.id, messageId, authorKind: m.author.kind });
  if (fromMember) await deps.mailer.queue(tx, await supportMail(tx, deps, c, m, attachment?.name ?? null));
  return messageId;
}
