import { WEBHOOK_EVENT_TYPES } from '@replay/contracts';
import { eventConsumer } from '../../events/consumer';
import { newId } from '../../lib/ids';
import { webhooksRepo } from './webhooks.repo';
import { messageBody } from './webhooks.send';

/**
 * Turns each committed event into one delivery per enabled endpoint of its account
 * subscribed to its type, keyed by event and endpoint (a second hand-over writes
 * nothing). The message id is the event's, so every endpoint and every replay of it
 * carry the same `webhook-id`. The sender (webhooks.jobs.ts) takes it from there.
 */
export const webhooksConsumer = eventConsumer({
  name: 'webhooks',
  delivery: 'after-commit',
  types: WEBHOOK_EVENT_TYPES,
  async handle(tx, event) {
    const repo = webhooksRepo(tx);
    const hooks = await repo.subscribedTo(event.tenantId, event.type);
    if (hooks.length === 0) return;
    const { id, tenantId: _tenant, type, ...data } = event;
    const at = new Date(event.at);
    const body = messageBody(type, at, data);
    await repo.addDeliveries(
      hooks.map((hook) => ({
        id: newId(),
        webhookId: hook.id,
        tenantId: hook.tenantId,
        eventId: id,
        messageId: `msg_${id}`,
        eventType: type,
        body,
        status: 'pending' as const,
        attempts: 0,
        nextAttemptAt: at,
        createdAt: at,
      })),
    );
  },
});
