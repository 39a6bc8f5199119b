import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../../src/db/schema';
import { createPeerApp, type TestApp } from '../support/app';
import { bearer, type SignedIn } from '../support/auth';
import { createRole, deliveriesOf, receiverSuite, saveWebhook, type Receiver } from './support';

/**
 * Deliveries to a real receiver on loopback (WEBHOOKS_ALLOW_PRIVATE_TARGETS on), each
 * verified there by the `standardwebhooks` library with the secret the console showed.
 */
const { s, newHook, removeHook } = receiverSuite();
let t: TestApp;
let owner: SignedIn;
let receiver: Receiver;
beforeAll(() => ({ t, owner, receiver } = s));

describe('a subscribed event', () => {
  it('is delivered once, signed (Standard Webhooks verify), with the auth header, and logged', async () => {
    const hook = await newHook(['role.created'], { authHeader: 'Bearer receiver-token' });
    expect((await createRole(t, owner, 'Signed role')).statusCode).toBe(201);
    await t.runtime.drain();
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got!.verifyError).toBeNull();
    expect(got!.verified).toMatchObject({ type: 'role.created', data: { role: { name: 'Signed role' }, actor: { userId: owner.user.userId } } });
    expect(got!.headers.authorization).toBe('Bearer receiver-token');
    const [event] = await t.runtime.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.tenantId, owner.user.tenantId), eq(domainEvents.type, 'role.created')));
    expect(got!.headers['webhook-id']).toBe(`msg_${event!.id}`);

    // A second hand-over of the same event writes nothing more (keyed by event and endpoint).
    await t.runtime.drain();
    expect(receiver.received).toHaveLength(1);

    const log = await deliveriesOf(t, owner, hook.id);
    expect(log.total).toBe(1);
    const [d] = log.deliveries;
    expect(d).toMatchObject({ status: 'delivered', eventType: 'role.created', messageId: `msg_${event!.id}`, nextAttemptAt: null, replayOf: null });
    expect(d!.requestBody).toBe(got!.body);
    expect(d!.attempts).toHaveLength(1);
    expect(d!.attempts[0]).toMatchObject({ attempt: 1, responseStatus: 200, responseBody: 'ok', error: null });
    expect(d!.attempts[0]!.requestHeaders).toMatchObject({ 'webhook-id': `msg_${event!.id}`, authorization: '••••••' });
    expect(JSON.stringify(log)).not.toContain('receiver-token');
    await removeHook(hook.id);
  });

  it('goes only to endpoints subscribed to its type', async () => {
    const hook = await newHook(['role.deleted']);
    await createRole(t, owner, 'Not subscribed');
    await t.runtime.drain();
    expect(receiver.received).toEqual([]);
    expect((await deliveriesOf(t, owner, hook.id)).total).toBe(0);
    await removeHook(hook.id);
  });
});

describe('test events and replays', () => {
  it('sends a webhook.test to that endpoint only, and replays a delivery as a new chain of the same message', async () => {
    const hook = await newHook(['role.created']);
    const other = await saveWebhook(t, owner, { name: 'Other', endpoint: receiver.url.replace('/hooks', '/other'), eventTypes: ['role.created'] });
    const res = await t.app.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/test`, headers: bearer(owner.jwt) });
    expect(res.statusCode).toBe(200);
    await t.runtime.drain();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.verified).toMatchObject({ type: 'webhook.test', data: { webhook: { id: hook.id } } });

    const [original] = (await deliveriesOf(t, owner, hook.id)).deliveries;
    const replay = await t.app.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/deliveries/${original!.deliveryId}/replay`, headers: bearer(owner.jwt) });
    expect(replay.statusCode).toBe(200);
    await t.runtime.drain();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect(receiver.received[1]!.verifyError).toBeNull();
    const log = await deliveriesOf(t, owner, hook.id);
    expect(log.total).toBe(2);
    expect(log.deliveries.find((d) => d.replayOf === original!.deliveryId)).toMatchObject({ status: 'delivered', messageId: original!.messageId });
    // Another endpoint's delivery id is not this one's.
    const otherId = other.json().data.webhook.webhookId;
    expect((await t.app.inject({ method: 'POST', url: `/api/webhooks/${otherId}/deliveries/${original!.deliveryId}/replay`, headers: bearer(owner.jwt) })).statusCode).toBe(404);
    await removeHook(hook.id);
    await removeHook(otherId);
  });

  it('a rotated secret signs the next delivery; the old one no longer verifies', async () => {
    const hook = await newHook(['role.created']);
    const oldSecret = hook.secret;
    const rotated = await t.app.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/rotate-secret`, headers: bearer(owner.jwt) });
    receiver.secret = oldSecret;
    await t.app.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/test`, headers: bearer(owner.jwt) });
    await t.runtime.drain();
    expect(receiver.received[0]!.verifyError).not.toBeNull();
    receiver.secret = rotated.json().data.secret;
    await t.app.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/test`, headers: bearer(owner.jwt) });
    await t.runtime.drain();
    expect(receiver.received[1]!.verifyError).toBeNull();
    await removeHook(hook.id);
  });
});

describe('two console processes on one database', () => {
  it('send each attempt exactly once', async () => {
    const hook = await newHook(['role.created']);
    const peer = await createPeerApp(t);
    try {
      for (let i = 0; i < 30; i++) await t.app.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/test`, headers: bearer(owner.jwt) });
      await Promise.all([t.runtime.drain(), peer.runtime.drain(), t.runtime.drain(), peer.runtime.drain()]);
      expect(receiver.received).toHaveLength(30);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(30);
      const log = await deliveriesOf(t, owner, hook.id);
      expect(log.deliveries.every((d) => d.status === 'delivered' && d.attempts.length === 1)).toBe(true);
    } finally {
      await peer.close();
      await removeHook(hook.id);
    }
  });
});
