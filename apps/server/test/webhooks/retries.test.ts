import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_RETRY_DELAYS_MS } from '@replay/contracts';
import { domainEvents, webhookAttempts, webhookDeliveries } from '../../src/db/schema';
import { WEBHOOK_DELIVERY_KEEP_MS } from '../../src/modules/webhooks/webhooks.jobs';
import { purgeFinishedDeliveries } from '../../src/modules/webhooks/webhooks.repo';
import type { TestApp } from '../support/app';
import { bearer, type SignedIn } from '../support/auth';
import { createRole, deliveriesOf, receiverSuite, type Receiver } from './support';

/**
 * Retries and disabling, on the test clock. Signatures are checked in delivery.test.ts:
 * Standard Webhooks' verify refuses a timestamp far from the real time, which a moved
 * clock signs, so here the receiver's record is read as sent.
 */
const { s, advance, newHook, removeHook } = receiverSuite();
let t: TestApp;
let owner: SignedIn;
let receiver: Receiver;
beforeAll(() => ({ t, owner, receiver } = s));

describe('a failing receiver', () => {
  it('is retried on the schedule (now, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then the delivery failed; answers are cut to 2 KB', async () => {
    const hook = await newHook(['role.created']);
    receiver.status = 500;
    await createRole(t, owner, 'Retried');
    await t.runtime.drain();
    expect(receiver.received).toHaveLength(1);
    for (const [i, delay] of WEBHOOK_RETRY_DELAYS_MS.slice(1).entries()) {
      // The test clock runs with real time: a second short of the delay is safely before it.
      await advance(delay - 1000);
      await t.runtime.drain();
      expect(receiver.received, `not before its time (attempt ${i + 2})`).toHaveLength(i + 1);
      await advance(1000);
      await t.runtime.drain();
      expect(receiver.received).toHaveLength(i + 2);
    }
    await advance(24 * 3_600_000);
    await t.runtime.drain();
    expect(receiver.received).toHaveLength(8);
    const [d] = (await deliveriesOf(t, owner, hook.id)).deliveries;
    expect(d!.status).toBe('failed');
    expect(d!.nextAttemptAt).toBeNull();
    expect(d!.attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const gaps = d!.attempts.slice(1).map((a, i) => a.at - d!.attempts[i]!.at);
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(WEBHOOK_RETRY_DELAYS_MS[i + 1]!));
    expect(d!.attempts[0]!.responseStatus).toBe(500);
    expect(Buffer.byteLength(d!.attempts[0]!.responseBody!)).toBeLessThanOrEqual(2048);
    expect(d!.attempts[0]!.responseBody!.startsWith('receiver says no')).toBe(true);
    // Every attempt carries the same message id; each is signed afresh.
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    await removeHook(hook.id);
  });

  it('that only failed for 5 days is disabled (webhook.disabled), and can be enabled again', async () => {
    const hook = await newHook(['role.created']);
    receiver.status = 503;
    await createRole(t, owner, 'Streak 1');
    await t.runtime.drain();
    await advance(WEBHOOK_DISABLE_AFTER_MS - 60_000);
    await createRole(t, owner, 'Streak 2');
    await t.runtime.drain();
    let [listed] = (await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: bearer(owner.jwt) })).json().data.webhooks;
    expect(listed.enabled).toBe(true);
    await advance(60_000);
    await createRole(t, owner, 'Streak 3');
    await t.runtime.drain();
    [listed] = (await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: bearer(owner.jwt) })).json().data.webhooks;
    expect(listed.enabled).toBe(false);
    expect(listed.disabledAt).not.toBeNull();
    const disabled = await t.runtime.ctx.db.select().from(domainEvents).where(eq(domainEvents.type, 'webhook.disabled'));
    expect(disabled).toHaveLength(1);
    expect(disabled[0]!.payload).toMatchObject({ actor: null, webhook: { id: hook.id } });
    // Those who may open the webhooks screen hear of it in the bell.
    const bell = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(owner.jwt) })).json().data;
    expect(bell.notifications.find((n: { options: { sourceId: string } }) => n.options.sourceId === hook.id)).toMatchObject({
      level: 'critical',
      link: '/client/webhooks',
      title: 'Webhook Receiver was disabled',
    });
    // Nothing waits for it any more; new events are not queued to it; a test event is refused.
    const pending = await t.runtime.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.webhookId, hook.id), eq(webhookDeliveries.status, 'pending')));
    expect(pending).toEqual([]);
    const sent = receiver.received.length;
    await createRole(t, owner, 'While disabled');
    await advance(24 * 3_600_000);
    await t.runtime.drain();
    expect(receiver.received).toHaveLength(sent);
    expect((await t.app.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/test`, headers: bearer(owner.jwt) })).statusCode).toBe(409);

    const enabled = await t.app.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/enable`, headers: bearer(owner.jwt) });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().data).toMatchObject({ enabled: true, disabledAt: null });
    receiver.status = 200;
    await createRole(t, owner, 'After enabling');
    await t.runtime.drain();
    expect(receiver.received).toHaveLength(sent + 1);
    expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({ data: { role: { name: 'After enabling' } } });
    await removeHook(hook.id);
  });
});

describe('the delivery log', () => {
  it('keeps a finished delivery 30 days, then the sweep removes it with its attempts; a pending one stays', async () => {
    const hook = await newHook(['role.created']);
    receiver.status = 200;
    await createRole(t, owner, 'Kept a month');
    await t.runtime.drain();
    receiver.status = 500;
    await createRole(t, owner, 'Still retrying');
    await t.runtime.drain();
    expect((await deliveriesOf(t, owner, hook.id)).total).toBe(2);
    await advance(WEBHOOK_DELIVERY_KEEP_MS - 60_000);
    await purgeFinishedDeliveries(t.runtime.ctx.db, new Date(t.clock.now().getTime() - WEBHOOK_DELIVERY_KEEP_MS));
    expect((await deliveriesOf(t, owner, hook.id)).total).toBe(2);
    await advance(120_000);
    // What the sender's sweep runs after each pass.
    await purgeFinishedDeliveries(t.runtime.ctx.db, new Date(t.clock.now().getTime() - WEBHOOK_DELIVERY_KEEP_MS));
    const left = await deliveriesOf(t, owner, hook.id);
    expect(left.deliveries.map((d) => d.status)).toEqual(['pending']);
    // The purged delivery's attempt went with it: the one left is the pending delivery's.
    const attemptsLeft = await t.runtime.ctx.db.select({ deliveryId: webhookAttempts.deliveryId }).from(webhookAttempts);
    expect(attemptsLeft).toEqual([{ deliveryId: left.deliveries[0]!.deliveryId }]);
    await removeHook(hook.id);
  });
});
