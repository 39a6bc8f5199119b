import { SUPPORT_MESSAGES, type OperatorSupportMessageInput, type OperatorThread } from '@replay/contracts';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { postMessage, type SupportMailDeps } from './support.post';
import { supportOperatorRepo } from './support.operator-repo';
import { supportRepo, type ConversationWithInstance } from './support.repo';
import { conversationToWire, messageToWire, OPERATOR_NAME } from './support.wire';
import type { Clock } from '../../lib/time';

const notFoundConversation = () => notFound(SUPPORT_MESSAGES.notFound);

/**
 * The support chat, the operators' side: every account's conversations, waiting longest first;
 * a thread with its internal notes and the account beside it; replies, notes, close and reopen,
 * each one transaction.
 */
export function createSupportOperatorService(deps: SupportMailDeps & { db: Db; clock: Clock }) {
  const { db } = deps;
  const repo = supportRepo(db);
  const operatorRepo = supportOperatorRepo(db);

  async function thread(c: ConversationWithInstance): Promise<OperatorThread> {
    const [messages, context] = await Promise.all([repo.messages(c.id, 'operator'), operatorRepo.accountContext(c.tenantId)]);
    const { account, instances, failures } = context;
    return {
      conversation: conversationToWire(c, 0),
      waitingSince: c.waitingSince?.getTime() ?? null,
      messages: messages.map(messageToWire),
      account: {
        tenantId: c.tenantId,
        name: account.name,
        edition: account.edition,
        plan: account.paying ? 'paying' : 'trial',
        trialEndsAt: account.trialEndsAt.getTime(),
        instances,
        recentFailures: failures.map((f) => ({ ...f, at: f.at.getTime() })),
      },
    };
  }

  async function find(id: string): Promise<ConversationWithInstance> {
    const c = await repo.find(null, id);
    if (!c) throw notFoundConversation();
    return c;
  }

  /** A change of one conversation, under its row's lock. */
  async function change(id: string, work: (tx: Db, c: ConversationWithInstance) => Promise<void>): Promise<OperatorThread> {
    await db.transaction(async (tx) => {
      const c = await supportRepo(tx).find(null, id, true);
      if (!c) throw notFoundConversation();
      await work(tx, c);
    });
    return thread(await find(id));
  }

  return {
    async queue(status: 'open' | 'closed') {
      const rows = await operatorRepo.queue(status);
      return {
        conversations: rows.map((r) => ({ ...r, waitingSince: r.waitingSince?.getTime() ?? null, lastMessageAt: r.lastMessageAt.getTime() })),
      };
    },

    get: async (id: string) => thread(await find(id)),

    /** The account a conversation belongs to (null: none such), for the audit row of an operator's call about it. */
    tenantOf: async (id: string) => (await repo.find(null, id))?.tenantId ?? null,

    message: (id: string, input: OperatorSupportMessageInput) =>
      change(id, async (tx, c) => {
        await postMessage(tx, deps, c, { author: { kind: 'operator', name: OPERATOR_NAME }, body: input.body, internal: input.internal, attachment: input.attachment, at: deps.clock.now() });
      }),

    setStatus: (id: string, status: 'open' | 'closed') =>
      change(id, async (tx, c) => {
        if (c.status === status) throw conflict(status === 'closed' ? SUPPORT_MESSAGES.alreadyClosed : SUPPORT_MESSAGES.alreadyOpen);
        await supportRepo(tx).updateConversation(c.id, { status, updatedAt: deps.clock.now(), ...(status === 'closed' ? { waitingSince: null } : {}) });
      }),

    async attachment(id: string, attachmentId: string) {
      const c = await find(id);
      const file = await repo.attachment(c.id, attachmentId, 'operator');
      if (!file) throw notFound(SUPPORT_MESSAGES.attachmentNotFound);
      return file;
    },
  };
}
export type SupportOperatorService = ReturnType<typeof createSupportOperatorService>;
