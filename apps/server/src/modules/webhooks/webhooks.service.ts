import { WEBHOOK_MESSAGES, WEBHOOK_TEST_EVENT, type Webhook, type WebhookDelivery } from '@replay/contracts';
import type { Db } from '../../db/client';
import { emitEvent } from '../../events/emit';
import { conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import { seal } from '../../lib/seal';
import { webhooksRepo, type WebhookRow } from './webhooks.repo';
import { messageBody, newWebhookSecret } from './webhooks.send';
import { deliveryToWire, secretBinding, webhookRef, webhookToWire } from './webhooks.wire';
import type { SaveInput } from './webhooks.channel-input';
import { MASKED_ROUTING_KEY, renderBody } from './webhooks.format';
import { deliverDueWebhooks, type DeliveryDeps } from './webhooks.delivery';
import { ownedWebhook, saveWebhook, webhookActorOf } from './webhooks.save';
import type { WebhooksDeps } from './webhooks.deps';

export type { WebhooksDeps } from './webhooks.deps';

/** A delivery's attempts, from those read for a page of deliveries. */
const attemptsOf = <A extends { deliveryId: string }>(attempts: readonly A[], deliveryId: string): A[] => attempts.filter((a) => a.deliveryId === deliveryId);

/** Sends every delivery due, with the targets' rule and the seal the service was built with (the outbox's job). */
const deliveryOf = (deps: WebhooksDeps) => ({
  deliverDue: (run: Pick<DeliveryDeps, 'logger' | 'wakeAt'>): Promise<number> => deliverDueWebhooks({ ...deps, ...run }),
});

/** A delivery's body as the endpoint's type renders it now (what an attempt sends), the PagerDuty key masked. */
const shownBody = (publicUrl: string, hook: WebhookRow, row: { body: string; messageId: string }): string =>
  renderBody(hook.type, row.body, { publicUrl, tenantId: hook.tenantId, messageId: row.messageId, routingKey: MASKED_ROUTING_KEY });

/** Settings → Webhooks: the account's endpoints, their secrets, tests, log and replays. */
export function createWebhooksService(deps: WebhooksDeps) {
  const { db } = deps;

  const owned = (p: Principal, id: string): Promise<WebhookRow> => ownedWebhook(db, p, id);

  /** A new delivery of one message to one enabled endpoint, due now. */
  async function queueMessage(tx: Db, hook: WebhookRow, fields: { messageId: string; eventType: string; body: string; replayOf: string | null }) {
    const now = deps.clock.now();
    await webhooksRepo(tx).addDeliveries([{ id: newId(), webhookId: hook.id, tenantId: hook.tenantId, eventId: null, status: 'pending', attempts: 0, nextAttemptAt: now, createdAt: now, ...fields }]);
  }

  function enabledOrRefused(hook: WebhookRow): WebhookRow {
    if (!hook.enabled) throw conflict(WEBHOOK_MESSAGES.enableFirst);
    return hook;
  }

  return {
    ...deliveryOf(deps),
    /** Getting started's Integrations step: the account has a webhook. */
    hasWebhooks: (tenantId: string): Promise<boolean> => webhooksRepo(db).any(tenantId),

    async list(p: Principal): Promise<{ webhooks: Webhook[] }> {
      return { webhooks: (await webhooksRepo(db).list(p.tenantId)).map(webhookToWire) };
    },

    /** Creates (answering the secret, once) or updates a webhook. */
    save: (p: Principal, input: SaveInput) => saveWebhook(deps, p, input),

    async remove(p: Principal, id: string): Promise<{ ok: true }> {
      const now = deps.clock.now();
      await db.transaction(async (tx) => {
        const removed = await webhooksRepo(tx).remove(p.tenantId, id);
        if (!removed) throw notFound(WEBHOOK_MESSAGES.notFound);
        await emitEvent(tx, { type: 'webhook.deleted', tenantId: p.tenantId, actor: webhookActorOf(p), at: now.getTime(), webhook: webhookRef(removed) });
      });
      return { ok: true };
    },

    /** A new signing secret, answered once; the old one signs nothing more. */
    async rotateSecret(p: Principal, id: string): Promise<{ secret: string }> {
      await owned(p, id);
      const secret = newWebhookSecret();
      const now = deps.clock.now();
      await db.transaction(async (tx) => {
        const row = await webhooksRepo(tx).update(p.tenantId, id, { secretSealed: seal(deps.sealKey, secret, secretBinding(id)), updatedAt: now });
        if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
        await emitEvent(tx, { type: 'webhook.secret_rotated', tenantId: p.tenantId, actor: webhookActorOf(p), at: now.getTime(), webhook: webhookRef(row) });
      });
      return { secret };
    },

    /** Re-enables an endpoint the console disabled; its failing streak starts afresh. */
    async enable(p: Principal, id: string): Promise<Webhook> {
      const hook = await owned(p, id);
      if (hook.enabled) return webhookToWire(hook);
      const now = deps.clock.now();
      const row = await db.transaction(async (tx) => {
        const updated = await webhooksRepo(tx).update(p.tenantId, id, { enabled: true, disabledAt: null, failingSince: null, updatedAt: now });
        if (!updated) throw notFound(WEBHOOK_MESSAGES.notFound);
        await emitEvent(tx, { type: 'webhook.enabled', tenantId: p.tenantId, actor: webhookActorOf(p), at: now.getTime(), webhook: webhookRef(updated) });
        return updated;
      });
      return webhookToWire(row);
    },

    /** 'Send test event': a `webhook.test` message to this endpoint only. */
    async sendTest(p: Principal, id: string): Promise<{ ok: true }> {
      const hook = enabledOrRefused(await owned(p, id));
      const now = deps.clock.now();
      const body = messageBody(WEBHOOK_TEST_EVENT, now, { webhook: webhookRef(hook), message: 'A test event from the console.' });
      await queueMessage(db, hook, { messageId: `msg_${newId()}`, eventType: WEBHOOK_TEST_EVENT, body, replayOf: null });
      return { ok: true };
    },

    async deliveries(p: Principal, id: string, page: number, limit: number): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
      const hook = await owned(p, id);
      const { rows, attempts, total } = await webhooksRepo(db).deliveries(p.tenantId, id, page, limit);
      return { deliveries: rows.map((r) => deliveryToWire(r, attemptsOf(attempts, r.id), shownBody(deps.publicUrl, hook, r))), total };
    },

    /** Any delivery again: a new chain of attempts of the same message (same id, same body). */
    async replay(p: Principal, id: string, deliveryId: string): Promise<{ ok: true }> {
      const hook = enabledOrRefused(await owned(p, id));
      const original = await webhooksRepo(db).delivery(p.tenantId, id, deliveryId);
      if (!original) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
      await queueMessage(db, hook, { messageId: original.messageId, eventType: original.eventType, body: original.body, replayOf: original.id });
      return { ok: true };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
