import { SUPPORT_MESSAGES, type CreateSupportConversationInput, type SupportReplyInput, type SupportThread } from '@replay/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { inScope, instanceScopeOf } from '../../lib/instance-scope';
import type { Principal } from '../../lib/principal';
import { createSupportOperatorService } from './support.operator';
import { postMessage, type SupportMailDeps } from './support.post';
import { supportRepo, type ConversationWithInstance } from './support.repo';
import { conversationToWire, messageToWire } from './support.wire';
import type { Clock } from '../../lib/time';

const notFoundConversation = () => notFound(SUPPORT_MESSAGES.notFound);
const memberOf = (p: Principal) => ({ kind: 'member' as const, userId: p.userId, name: p.name });

/**
 * The support chat, a member's side: any member of the account reads and writes its
 * conversations (and only its own account's: another's id is 404). Each change is one
 * transaction (postMessage); the route's audit records it.
 */
export function createSupportService(deps: SupportMailDeps & { db: Db; clock: Clock }) {
  const { db } = deps;
  const repo = supportRepo(db);

  async function owned(p: Principal, id: string): Promise<ConversationWithInstance> {
    const row = await repo.find(p.tenantId, id);
    if (!row) throw notFoundConversation();
    return row;
  }

  async function thread(p: Principal, c: ConversationWithInstance): Promise<SupportThread> {
    const [messages, unread] = await Promise.all([repo.messages(c.id, 'member'), repo.unreadIn(c.id, p.userId)]);
    return { conversation: conversationToWire(c, unread), messages: messages.map(messageToWire) };
  }

  return {
    async list(p: Principal) {
      const rows = await repo.list(p.tenantId, p.userId);
      return { conversations: rows.map((r) => conversationToWire(r, r.unread)) };
    },

    async unread(p: Principal) {
      return { unread: await repo.unreadTotal(p.tenantId, p.userId) };
    },

    async get(p: Principal, id: string): Promise<SupportThread> {
      return thread(p, await owned(p, id));
    },

    /** A new conversation with its first message; about one of the account's instances the member reaches, if named. */
    async open(p: Principal, input: CreateSupportConversationInput): Promise<SupportThread> {
      if (input.instanceId !== undefined && !inScope(instanceScopeOf(p), input.instanceId)) throw notFound(SUPPORT_MESSAGES.instanceNotFound);
      const id = newId();
      await db.transaction(async (tx) => {
        const txRepo = supportRepo(tx);
        if (input.instanceId !== undefined && !(await txRepo.instanceOf(p.tenantId, input.instanceId))) throw notFound(SUPPORT_MESSAGES.instanceNotFound);
        const at = deps.clock.now();
        const row = {
          id,
          tenantId: p.tenantId,
          instanceId: input.instanceId ?? null,
          subject: input.subject,
          status: 'open' as const,
          createdBy: p.userId,
          createdByName: p.name,
          waitingSince: null,
          lastMessageAt: at,
          createdAt: at,
          updatedAt: at,
        };
        await txRepo.insertConversation(row);
        await postMessage(tx, deps, row, { author: memberOf(p), body: input.body, internal: false, attachment: input.attachment, at });
      });
      return thread(p, await owned(p, id));
    },

    /** A member's reply; it puts the conversation back in the operators' queue (and reopens it if closed). */
    async reply(p: Principal, id: string, input: SupportReplyInput): Promise<SupportThread> {
      await db.transaction(async (tx) => {
        const c = await supportRepo(tx).find(p.tenantId, id, true);
        if (!c) throw notFoundConversation();
        await postMessage(tx, deps, c, { author: memberOf(p), body: input.body, internal: false, attachment: input.attachment, at: deps.clock.now() });
      });
      return thread(p, await owned(p, id));
    },

    /** The member has read the conversation as it is now: its unread count is 0. */
    async markRead(p: Principal, id: string) {
      const c = await owned(p, id);
      await repo.markRead(p.tenantId, c.id, p.userId, c.lastMessageAt);
      return { unread: await repo.unreadTotal(p.tenantId, p.userId) };
    },

    async attachment(p: Principal, id: string, attachmentId: string) {
      const c = await owned(p, id);
      const file = await repo.attachment(c.id, attachmentId, 'member');
      if (!file) throw notFound(SUPPORT_MESSAGES.attachmentNotFound);
      return file;
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;

/** Both sides of the chat, as the support module's manifest builds them: the members' service and the operators'. */
export function createSupportServices(deps: SupportMailDeps & { db: Db; clock: Clock }) {
  return { support: createSupportService(deps), supportOperator: createSupportOperatorService(deps) };
}
