import { WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from '@replay/contracts';
import type { Db } from '../../db/client';
import { emitEvent } from '../../events/emit';
import { mapLimit } from '../../lib/concurrency';
import { newId } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import { openSealed } from '../../lib/seal';
import type { DeliveryRow, WebhookRow } from './webhooks.repo';
import { webhookSenderRepo } from './webhooks.sender-repo';
import { AgentPool, sendAttempt, type AttemptOutcome } from './webhooks.send';
import { credentialBinding, secretBinding, webhookRef } from './webhooks.wire';
import { renderBody } from './webhooks.format';
import type { WebhooksDeps } from './webhooks.deps';

/** The webhooks service's parts, and what a delivery pass adds: its logger and its wake-up. */
export interface DeliveryDeps extends WebhooksDeps {
  logger: Pick<Logger, 'error' | 'warn'>;
  /** Asks for a delivery pass at `at` (a retry due sooner than the sweep comes by); optional. */
  wakeAt?: (at: Date) => Promise<void>;
  timeoutMs?: number;
}

/** Claimed at a time; sent this many at once. */
const BATCH = 50;
const PARALLEL = 10;
/** A claim holds a delivery this long: past the 15 s timeout, so only a dead sender's claim runs out. */
const LEASE_MS = 2 * 60_000;

/** When the attempt after `attempts` is due, or null when that was the last (the schedule's length). */
export function nextAttemptAt(attempts: number, now: Date): Date | null {
  const delay = WEBHOOK_RETRY_DELAYS_MS[attempts];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

/**
 * Sends every delivery due now, a claimed batch at a time, until none is due; answers
 * how many attempts were made. Safe in any number of console processes at once: each
 * attempt is claimed by exactly one (webhookSenderRepo.claimDue).
 */
export async function deliverDueWebhooks(deps: DeliveryDeps): Promise<number> {
  let made = 0;
  const agents = new AgentPool(deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  try {
    for (;;) {
      const now = deps.clock.now();
      const claimed = await webhookSenderRepo(deps.db).claimDue(now, new Date(now.getTime() + LEASE_MS), BATCH);
      if (claimed.length === 0) return made;
      made += claimed.length;
      const hooks = new Map((await webhookSenderRepo(deps.db).forDeliveries([...new Set(claimed.map((d) => d.webhookId))])).map((h) => [h.id, h]));
      await mapLimit(claimed, PARALLEL, async (d) => {
        const hook = hooks.get(d.webhookId);
        if (!hook) return; // deleted meanwhile: its deliveries went with it
        await attempt(deps, hook, d, agents).catch((err: unknown) => deps.logger.error({ err, deliveryId: d.id }, 'webhook attempt could not be recorded'));
      });
    }
  } finally {
    await agents.close();
  }
}

/** Why an attempt could not be made: a sealed credential that no longer opens. */
const unopened = (error: string): AttemptOutcome => ({ ok: false, requestHeaders: {}, responseStatus: null, responseBody: null, error, durationMs: 0 });

async function attempt(deps: DeliveryDeps, hook: WebhookRow, delivery: DeliveryRow, agents: AgentPool): Promise<void> {
  const secret = openSealed(deps.sealKey, hook.secretSealed, secretBinding(hook.id));
  // The sealed column holds a PagerDuty webhook's integration key, any other type's auth header.
  const credential = hook.authHeaderSealed ? openSealed(deps.sealKey, hook.authHeaderSealed, credentialBinding(hook)) : null;
  const pagerDuty = hook.type === 'pagerduty';
  const at = deps.clock.now();
  const body = renderBody(hook.type, delivery.body, { publicUrl: deps.publicUrl, tenantId: hook.tenantId, messageId: delivery.messageId, routingKey: credential });
  const outcome: AttemptOutcome = !secret
    ? unopened('The signing secret cannot be opened (the console secret changed); rotate it.')
    : pagerDuty && !credential
      ? unopened('The PagerDuty integration key cannot be opened (the console secret changed); enter it again.')
      : await sendAttempt({ endpoint: hook.endpoint, messageId: delivery.messageId, body, secret, authHeader: pagerDuty ? null : credential, at }, { ...deps, agents });
  const next = outcome.ok ? null : nextAttemptAt(delivery.attempts, at);
  const { ok: _ok, ...logged } = outcome;
  const settled = await webhookSenderRepo(deps.db).settle(
    { id: delivery.id, attempt: delivery.attempts },
    { status: outcome.ok ? 'delivered' : next ? 'pending' : 'failed', nextAttemptAt: next },
    { id: newId(), at, ...logged },
  );
  if (!settled) return; // disabled or deleted while it was sent: nothing more to record
  // The endpoint's failing streak follows in a statement of its own: a crash between the two
  // loses at most one attempt's say in it. The batch read the streak, so a success of an
  // endpoint that was not failing costs nothing more.
  if (outcome.ok) {
    if (hook.failingSince) await webhookSenderRepo(deps.db).markSucceeded(hook.id);
  } else await deps.db.transaction((tx) => afterFailure(tx, hook, at));
  if (next && deps.wakeAt) await deps.wakeAt(next).catch((err: unknown) => deps.logger.warn({ err }, 'webhook retry wake not scheduled; the sweep sends it'));
}

/** A failure extends the endpoint's failing streak; 5 days of nothing but failures disable it. */
async function afterFailure(tx: Db, hook: WebhookRow, at: Date): Promise<void> {
  const repo = webhookSenderRepo(tx);
  const since = await repo.markFailed(hook.id, at);
  if (!since || at.getTime() - since.getTime() < WEBHOOK_DISABLE_AFTER_MS) return;
  const disabled = await repo.disable(hook.id, at);
  if (disabled) {
    await emitEvent(tx, { type: 'webhook.disabled', tenantId: hook.tenantId, actor: null, at: at.getTime(), webhook: webhookRef(hook), failingSince: since.getTime() });
  }
}
