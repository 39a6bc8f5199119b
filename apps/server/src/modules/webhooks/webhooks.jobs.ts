import type { AppContext } from '../../lib/context';
import { systemResolver } from '../../lib/ssrf-guard';
import { deliverNow } from '../../jobs/commit-relay';
import type { CommitOutbox, JobDefinition } from '../../jobs/job-types';
import { deliverDueWebhooks, type DeliveryDeps } from './webhooks.delivery';
import { purgeFinishedDeliveries } from './webhooks.repo';
import { webhookSealKey } from './webhooks.wire';

/** A retry due within this is woken by a job of its own; later ones are found by the 10-s sweep. */
const WAKE_WITHIN_MS = 10 * 60_000;
const RETRY_WAKE_QUEUE = 'webhook-retry-wake';
/** The delivery log keeps a finished delivery this long (as the domain events are kept), then it goes with its attempts. */
export const WEBHOOK_DELIVERY_KEEP_MS = 30 * 24 * 60 * 60_000;

export function deliveryDepsOf(ctx: AppContext): DeliveryDeps {
  const boss = ctx.boss;
  return {
    db: ctx.db,
    clock: ctx.clock,
    sealKey: webhookSealKey(ctx.secrets.jwtSecret),
    allowPrivate: ctx.env.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
    resolve: (host) => (ctx.resolveHost ?? systemResolver)(host),
    logger: ctx.logger,
    wakeAt: boss
      ? async (at) => {
          const delayMs = at.getTime() - ctx.clock.now().getTime();
          if (delayMs > WAKE_WITHIN_MS) return;
          await boss.send(RETRY_WAKE_QUEUE, {}, { startAfter: new Date(Date.now() + Math.max(0, delayMs)) });
        }
      : undefined,
  };
}

/**
 * The webhook sender: a delivery row written by a commit (the events' consumer, a test
 * event, a replay) notifies `webhook-delivery` (migration 0021), and the sweep comes by
 * every 10 s for retries falling due and whatever a dead process left. Any number of
 * processes may run it at once: each attempt is claimed by one.
 */
export const webhookDeliveryOutbox: CommitOutbox = {
  queue: 'webhook-delivery',
  deliver: async (ctx) => {
    await deliverDueWebhooks(deliveryDepsOf(ctx));
  },
  // One batch a run: the sweep comes every 10 s, so a backlog drains without a long delete.
  tidy: async (ctx) => {
    await purgeFinishedDeliveries(ctx.db, new Date(ctx.clock.now().getTime() - WEBHOOK_DELIVERY_KEEP_MS));
  },
};

/** Wakes the sender when a retry falls due sooner than the sweep would notice (the 5-s retry). */
export const webhookRetryWakeJob: JobDefinition = {
  queue: RETRY_WAKE_QUEUE,
  queueOptions: { retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 3600 },
  workOptions: { pollingIntervalSeconds: 1 },
  async handle(ctx) {
    await deliverNow(ctx, webhookDeliveryOutbox);
  },
};
