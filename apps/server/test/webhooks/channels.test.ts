import { PAGERDUTY_EVENTS_URL, WEBHOOK_CHANNEL_MESSAGES, WEBHOOK_MESSAGES, type DomainEvent, type Webhook } from '@replay/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../../src/db/schema';
import { emitEvent } from '../../src/events/emit';
import type { TestApp } from '../support/app';
import { bearer, type SignedIn } from '../support/auth';
import { deliveriesOf, receiverSuite, saveWebhook, type Receiver } from './support';

/**
 * Alert channels (issue 45): a Slack, a Teams and a PagerDuty webhook each aimed at a real
 * receiver on loopback, sent an alert firing then clearing: the exact bodies received.
 */
const { s, removeHook } = receiverSuite();
let t: TestApp;
let owner: SignedIn;
let receiver: Receiver;
beforeAll(() => ({ t, owner, receiver } = s));

const ROUTING_KEY = 'R0123456789abcdef0123456789ABCDE';
const INSTANCE = { id: '20000000-0000-4000-8000-000000000002', name: 'Production', status: 'running' as const, size: 'small' as const, diskGb: 120 };
const ALERT = { id: '30000000-0000-4000-8000-000000000003', name: 'CPU high', metric: 'cpu' as const, threshold: 80, durationMinutes: 5 };

async function emitted(event: DomainEvent): Promise<void> {
  await t.runtime.ctx.db.transaction((tx) => emitEvent(tx, event));
  await t.runtime.drain();
}
const alertEvent = (type: 'alert.fired' | 'alert.resolved', value: number): DomainEvent => ({
  type,
  tenantId: owner.user.tenantId,
  actor: null,
  at: t.clock.now().getTime(),
  instance: INSTANCE,
  alert: ALERT,
  value,
});

async function created(payload: Record<string, unknown>): Promise<Webhook> {
  const res = await saveWebhook(t, owner, { name: 'Channel', eventTypes: ['alert.fired', 'alert.resolved'], ...payload });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { webhook: Webhook }).webhook;
}

describe('each channel, an alert fired then resolved', () => {
  it('Slack gets Block Kit messages linking to the alert, and the URL is answered masked', async () => {
    const hook = await created({ type: 'slack', endpoint: `${receiver.url}/T000/B000/secretpart` });
    expect(hook).toMatchObject({ type: 'slack', endpoint: `${new URL(receiver.url).origin}/…part`, authHeader: false, routingKey: false });
    await emitted(alertEvent('alert.fired', 93));
    await emitted(alertEvent('alert.resolved', 41));
    expect(receiver.received.map((r) => r.headers['content-type'])).toEqual(['application/json', 'application/json']);
    const [first, second] = receiver.received.map((r) => JSON.parse(r.body));
    const link = `http://localhost:3000/${INSTANCE.id}/alert/${ALERT.id}`;
    expect(first.text).toBe('Alert: CPU high on Production: CPU above 80 % for 5 minutes (now 93 %).');
    expect(first.blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'Alert: CPU high on Production', emoji: false } });
    expect(first.blocks[3]).toEqual({ type: 'actions', elements: [{ type: 'button', action_id: 'open-console', text: { type: 'plain_text', text: 'Open in the console' }, url: link }] });
    expect(second.text).toBe('Resolved: CPU high on Production: The condition no longer holds (now 41 %).');
    // Signed as a plain webhook is (harmless to Slack): the receiver verifies it.
    expect(receiver.received.every((r) => r.verifyError === null)).toBe(true);
    await removeHook(hook.webhookId);
  });

  it('Teams gets one Adaptive Card per event', async () => {
    const hook = await created({ type: 'msteams', endpoint: `${receiver.url}/workflows/abc?sig=xyz1` });
    expect(hook.endpoint).toBe(`${new URL(receiver.url).origin}/…xyz1`);
    await emitted(alertEvent('alert.fired', 93));
    await emitted(alertEvent('alert.resolved', 41));
    const bodies = receiver.received.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => [b.type, b.attachments[0].contentType, b.attachments[0].content.version, b.attachments[0].content.body[0].text])).toEqual([
      ['message', 'application/vnd.microsoft.card.adaptive', '1.4', 'Alert: CPU high on Production'],
      ['message', 'application/vnd.microsoft.card.adaptive', '1.4', 'Resolved: CPU high on Production'],
    ]);
    await removeHook(hook.webhookId);
  });

  it('PagerDuty gets a trigger then a resolve of the same dedup key; its 202 is a success; the key is in no answer or log', async () => {
    receiver.status = 202;
    const hook = await created({ type: 'pagerduty', endpoint: receiver.url, routingKey: ROUTING_KEY });
    expect(hook).toMatchObject({ type: 'pagerduty', endpoint: receiver.url, authHeader: false, routingKey: true });
    await emitted(alertEvent('alert.fired', 93));
    await emitted(alertEvent('alert.resolved', 41));
    const [trigger, resolve] = receiver.received.map((r) => JSON.parse(r.body));
    const dedupKey = `replay:${owner.user.tenantId}:instance:${INSTANCE.id}:alert:${ALERT.id}`;
    expect(trigger).toMatchObject({ routing_key: ROUTING_KEY, event_action: 'trigger', dedup_key: dedupKey, payload: { severity: 'critical', source: 'Production', component: 'cpu' } });
    expect(resolve).toEqual({ routing_key: ROUTING_KEY, event_action: 'resolve', dedup_key: dedupKey });
    expect(receiver.received.some((r) => r.headers.authorization !== undefined)).toBe(false);
    const log = await deliveriesOf(t, owner, hook.webhookId);
    expect(log.deliveries.map((d) => d.status)).toEqual(['delivered', 'delivered']);
    expect(JSON.parse(log.deliveries[0]!.requestBody)).toEqual({ routing_key: '••••••', event_action: 'resolve', dedup_key: dedupKey });
    const list = await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: bearer(owner.jwt) });
    const events = await t.runtime.ctx.db.select().from(domainEvents);
    expect(JSON.stringify([list.json(), log, events])).not.toContain(ROUTING_KEY);
    await removeHook(hook.webhookId);
  });
});

describe('saving a channel', () => {
  it('a PagerDuty webhook defaults to the Events API URL and to the paired event types; an update keeps its key', async () => {
    t.runtime.ctx.resolveHost = async () => [{ address: '203.0.113.10', family: 4 }];
    const res = await saveWebhook(t, owner, { type: 'pagerduty', name: 'On call', routingKey: ROUTING_KEY });
    expect(res.statusCode, res.body).toBe(200);
    const hook = (res.json().data as { webhook: Webhook }).webhook;
    expect(hook).toMatchObject({ endpoint: PAGERDUTY_EVENTS_URL, routingKey: true });
    expect([...hook.eventTypes].sort()).toEqual(['alert.fired', 'alert.resolved', 'instance.healthy', 'instance.unhealthy']);
    const renamed = await saveWebhook(t, owner, { webhookId: hook.webhookId, type: 'pagerduty', name: 'Renamed' });
    expect(renamed.json().data.webhook).toMatchObject({ name: 'Renamed', endpoint: PAGERDUTY_EVENTS_URL, routingKey: true });
    // Turned into a plain webhook, the key does not become its auth header.
    const plain = await saveWebhook(t, owner, { webhookId: hook.webhookId, type: 'webhook', name: 'Plain', endpoint: 'https://example.com/in' });
    expect(plain.json().data.webhook).toMatchObject({ type: 'webhook', authHeader: false, routingKey: false });
    const back = await saveWebhook(t, owner, { webhookId: hook.webhookId, type: 'pagerduty', name: 'Back' });
    expect(back.statusCode).toBe(400);
    expect(back.json().errors).toEqual([WEBHOOK_CHANNEL_MESSAGES.routingKeyRequired]);
    await removeHook(hook.webhookId);
    t.runtime.ctx.resolveHost = undefined;
  });

  it('a chat URL sent back masked keeps the stored one, never for a type that shows it; a new one replaces it', async () => {
    const hook = await created({ type: 'slack', endpoint: `${receiver.url}/T1/B1/first` });
    const kept = await saveWebhook(t, owner, { webhookId: hook.webhookId, type: 'slack', name: 'Kept', endpoint: hook.endpoint });
    expect(kept.json().data.webhook.endpoint).toBe(hook.endpoint);
    // Made a plain webhook (whose endpoint is answered in full), the masked URL cannot carry the secret one over.
    const revealed = await saveWebhook(t, owner, { webhookId: hook.webhookId, type: 'webhook', name: 'Plain', endpoint: hook.endpoint });
    expect(revealed.statusCode).toBe(400);
    expect(revealed.json().errors).toEqual([WEBHOOK_CHANNEL_MESSAGES.maskedEndpoint]);
    await t.app.inject({ method: 'POST', url: `/api/webhooks/${hook.webhookId}/test`, headers: bearer(owner.jwt) });
    await t.runtime.drain();
    expect(receiver.received.map((r) => r.body.includes('Test event from the console'))).toEqual([true]);
    const replaced = await saveWebhook(t, owner, { webhookId: hook.webhookId, type: 'slack', name: 'New', endpoint: `${receiver.url}/T1/B1/second` });
    expect(replaced.json().data.webhook.endpoint).toBe(`${new URL(receiver.url).origin}/…cond`);
    await removeHook(hook.webhookId);
  });

  it.each([
    ['PagerDuty without its key', { type: 'pagerduty', name: 'P' }, WEBHOOK_CHANNEL_MESSAGES.routingKeyRequired],
    ['a malformed key', { type: 'pagerduty', name: 'P', routingKey: 'short' }, WEBHOOK_CHANNEL_MESSAGES.invalidRoutingKey],
    ['PagerDuty with an auth header', { type: 'pagerduty', name: 'P', routingKey: ROUTING_KEY, authHeader: 'Bearer x' }, WEBHOOK_CHANNEL_MESSAGES.noAuthHeaderForPagerDuty],
    ['PagerDuty with an unpaired event', { type: 'pagerduty', name: 'P', routingKey: ROUTING_KEY, eventTypes: ['instance.disk_alert'] }, WEBHOOK_CHANNEL_MESSAGES.pagerDutyEventTypes],
    ['a key on a Slack webhook', { type: 'slack', name: 'S', endpoint: 'https://hooks.slack.com/services/x', routingKey: ROUTING_KEY }, WEBHOOK_CHANNEL_MESSAGES.routingKeyOnlyPagerDuty],
    ['Slack without an endpoint', { type: 'slack', name: 'S' }, WEBHOOK_MESSAGES.required],
  ])('refuses %s (400, its message)', async (_what, payload, message) => {
    const res = await saveWebhook(t, owner, payload);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });
});
