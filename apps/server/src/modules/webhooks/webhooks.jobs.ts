import type { AppContext } from '../../platform/context';
import { deliverNow } from '../../jobs/commit-relay';
import type { CommitOutbox, JobDefinition } from '../../platform/job-types';
import type { WebhooksService } from './webhooks.service';
import { purgeFinishedDeliveries } from './webhooks.repo';

/** A retry due within this is woken by a job of its own; later ones are found by the 10-s sweep. */
const WAKE_WITHIN_MS = 10 * 60_000;
const RETRY_WAKE_QUEUE = 'webhook-retry-wake';
/** The delivery log keeps a finished delivery this long (as the domain events are kept), then it goes with its attempts. */
export const WEBHOOK_DELIVERY_KEEP_MS = 30 * 24 * 60 * 60_000;

/** What a delivery pass needs of the process besides the webhooks service: its logger, and a wake-up for a retry due soon. */
function deliveryRunOf(ctx: AppContext) {
  const boss = ctx.boss;
  return {
    logger: ctx.logger,
    wakeAt: boss
      ? async (at: Date) => {
          const delayMs = at.getTime() - ctx.clock.now().getTime();
          if (delayMs > WAKE_WITHIN_MS) return;
          await boss.send(RETRY_WAKE_QUEUE, {}, { startAfter: new Date(Date.now() + Math.max(0, delayMs)) });
        }
      : undefined,
  };
}

/** The services a delivery uses: the one the composition root built. */
type DeliveryServices = { webhooks: Pick<WebhooksService, 'deliverDue'> };

/**
 * The webhook sender: a delivery row written by a commit (the events' consumer, a test
 * event, a replay) notifies `webhook-delivery` (migration 0021), and the sweep comes by
 * every 10 s for retries falling due and whatever a dead process left. Any number of
 * processes may run it at once: each attempt is claimed by one.
 */
export const webhookDeliveryOutbox: CommitOutbox<DeliveryServices> = {
  queue: 'webhook-delivery',
  deliver: async (ctx, { webhooks }) => {
    await webhooks.deliverDue(deliveryRunOf(ctx));
  },
  // One batch a run: the sweep comes every 10 s, so a backlog drains without a long delete.
  tidy: async (ctx) => {
    await purgeFinishedDeliveries(ctx.db, new Date(ctx.clock.now().getTime() - WEBHOOK_DELIVERY_KEEP_MS));
  },
};

/** Wakes the sender when a retry falls due sooner than the sweep would notice (the 5-s retry). */
export const webhookRetryWakeJob: JobDefinition<object, DeliveryServices> = {
  queue: RETRY_WAKE_QUEUE,
  queueOptions: { retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 3600 },
  workOptions: { pollingIntervalSeconds: 1 },
  async handle(ctx, _data, _attempt, services) {
    await deliverNow(ctx, webhookDeliveryOutbox, services);
  },
};
