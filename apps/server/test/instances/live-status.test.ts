import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { LIVE_STATUS_EVENTS, type LiveInstanceChange } from '@replay/contracts';
import { roles, sessions } from '../../src/db/schema';
import { createPeerApp, createTestApp, type TestApp } from '../support/app';
import { bearer, signup } from '../support/auth';
import { openLiveStream, type LiveStreamClient } from '../support/live-stream';
import { addInstance, addMember } from '../support/team';

/**
 * The live status stream (issue 17): every change of an instance the caller
 * may see, as it commits, judged by their rights when it is sent; a
 * reconnect with Last-Event-ID misses nothing; a change made through one
 * console reaches a stream of another on the same database.
 */
const t = await createTestApp({ LIVE_STATUS_HEARTBEAT_MS: '100' });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = () => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
const clients: LiveStreamClient[] = [];
afterAll(async () => {
  for (const c of clients) c.close();
  await t.close();
});

async function stream(jwt: string, lastEventId?: string, on: () => string = base) {
  const client = await openLiveStream(on(), jwt, lastEventId);
  clients.push(client);
  return client;
}
const rename = (app: TestApp['app'], jwt: string, id: string, name: string) => app.inject({ method: 'PUT', url: `/api/managed-saas/instances/${id}`, headers: bearer(jwt), payload: { name } });
const change = (m: { data: string }) => JSON.parse(m.data) as LiveInstanceChange;
const renamedTo = (name: string) => (m: { event?: string; data: string }) => m.event === LIVE_STATUS_EVENTS.change && change(m).instance?.name === name;

describe('the live status stream', () => {
  it('carries a change of an instance as it commits, with the instance as it now is', async () => {
    const owner = await signup(t);
    const id = await addInstance(t, owner.user.tenantId, 'Before');
    const live = await stream(owner.jwt);
    expect(live.status).toBe(200);
    expect(live.contentType).toMatch(/^text\/event-stream/);
    expect((await rename(t.app, owner.jwt, id, 'After')).statusCode).toBe(200);
    const message = await live.next((m) => m.event === LIVE_STATUS_EVENTS.change);
    expect(message.id).toMatch(/^\d+$/);
    expect(change(message)).toMatchObject({ type: 'instance.renamed', instanceId: id, instance: { instanceId: id, name: 'After', status: 'running', inProgress: false } });
  });

  it('sends nothing of an instance outside the caller’s scope, nor of another account', async () => {
    const owner = await signup(t);
    const stranger = await signup(t);
    const seen = await addInstance(t, owner.user.tenantId, 'Seen');
    const hidden = await addInstance(t, owner.user.tenantId, 'Hidden');
    const theirs = await addInstance(t, stranger.user.tenantId, 'Theirs');
    const member = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES'], allInstances: false, instances: [seen] });
    const live = await stream(member.jwt);
    await rename(t.app, owner.jwt, hidden, 'Hidden renamed');
    await rename(t.app, stranger.jwt, theirs, 'Theirs renamed');
    await rename(t.app, owner.jwt, seen, 'Seen renamed');
    // The first change message is the one in scope, though it committed last.
    const first = await live.next((m) => m.event === LIVE_STATUS_EVENTS.change);
    expect(change(first)).toMatchObject({ instanceId: seen, instance: { name: 'Seen renamed' } });
    expect(live.received.filter((m) => m.event === LIVE_STATUS_EVENTS.change)).toHaveLength(1);
  });

  it('ends when the caller’s session is revoked', async () => {
    const owner = await signup(t);
    const member = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES'] });
    const live = await stream(member.jwt);
    await t.runtime.ctx.db.update(sessions).set({ revokedAt: t.clock.now() }).where(eq(sessions.userId, member.userId));
    await live.ended;
    expect((await stream(member.jwt)).status).toBe(401);
  });

  it('ends when the caller’s role changes, and the reconnect gets the new rights', async () => {
    const owner = await signup(t);
    const member = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES'] });
    const live = await stream(member.jwt);
    await t.runtime.ctx.db.update(roles).set({ permissions: [] }).where(eq(roles.id, member.roleId));
    await live.ended;
    expect((await stream(member.jwt)).status).toBe(403);
  });

  it('replays, to a client reconnecting with Last-Event-ID, every change it missed and may see, in order', async () => {
    const owner = await signup(t);
    const id = await addInstance(t, owner.user.tenantId, 'One');
    const first = await stream(owner.jwt);
    await rename(t.app, owner.jwt, id, 'Two');
    const seen = await first.next(renamedTo('Two'));
    first.close();
    await rename(t.app, owner.jwt, id, 'Three');
    await rename(t.app, owner.jwt, id, 'Four');
    const again = await stream(owner.jwt, seen.id);
    const missed = [await again.next((m) => m.event === LIVE_STATUS_EVENTS.change), await again.next((m) => m.event === LIVE_STATUS_EVENTS.change)];
    expect(missed.map((m) => change(m).type)).toEqual(['instance.renamed', 'instance.renamed']);
    expect(Number(missed[0]!.id)).toBeGreaterThan(Number(seen.id));
    expect(Number(missed[1]!.id)).toBeGreaterThan(Number(missed[0]!.id));
    // Sent as they are now: both name the instance's current name.
    expect(missed.map((m) => change(m).instance?.name)).toEqual(['Four', 'Four']);
    // And then live again.
    await rename(t.app, owner.jwt, id, 'Five');
    await again.next(renamedTo('Five'));
  });

  it('answers the list with the position it is as of: a stream opened from there carries what came after, and nothing before', async () => {
    const owner = await signup(t);
    const id = await addInstance(t, owner.user.tenantId, 'Listed');
    const watch = await stream(owner.jwt);
    await rename(t.app, owner.jwt, id, 'Listed again');
    const positioned = await watch.next(renamedTo('Listed again'));
    const list = await t.app.inject({ method: 'GET', url: '/api/managed-saas/instances', headers: bearer(owner.jwt) });
    expect(list.json().data.instances.map((i: { name: string }) => i.name)).toEqual(['Listed again']);
    const position = String(list.headers['live-position']);
    expect(position).toMatch(/^\d+$/);
    expect(Number(position)).toBeGreaterThanOrEqual(Number(positioned.id));

    await rename(t.app, owner.jwt, id, 'After the list');
    const from = await stream(owner.jwt, position);
    const first = await from.next((m) => m.event === LIVE_STATUS_EVENTS.change);
    expect(change(first).instance?.name).toBe('After the list');
    expect(Number(first.id)).toBeGreaterThan(Number(position));
    expect(from.received.filter((m) => m.event === LIVE_STATUS_EVENTS.change || m.event === LIVE_STATUS_EVENTS.resync)).toHaveLength(1);
  });

  it('tells a client whose Last-Event-ID it cannot replay from to refetch (resync)', async () => {
    const owner = await signup(t);
    const live = await stream(owner.jwt, '999999999999');
    expect((await live.next()).event).toBe(LIVE_STATUS_EVENTS.resync);
  });

  it('is never compressed nor cached, and sends heartbeat comments while idle', async () => {
    const owner = await signup(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/managed-saas/instances/events',
      headers: { ...bearer(owner.jwt), 'accept-encoding': 'br, gzip' },
      payloadAsStream: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store, no-transform');
    let text = '';
    for await (const chunk of res.stream()) {
      text += String(chunk);
      if (text.includes(': heartbeat')) break;
    }
    expect(text).toMatch(/^retry: \d+\n\n/);
    t.app.services.liveStatus.closeAll();
  });

  it('refuses a Last-Event-ID that is no id with 400', async () => {
    const owner = await signup(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/managed-saas/instances/events', headers: { ...bearer(owner.jwt), 'last-event-id': 'abc' } });
    expect(res.statusCode).toBe(400);
  });

  it('carries a change made through another console process on the same database, and replays from one process’s id on another', async () => {
    const peer = await createPeerApp(t);
    try {
      await peer.app.listen({ port: 0, host: '127.0.0.1' });
      const peerBase = () => `http://127.0.0.1:${(peer.app.server.address() as { port: number }).port}`;
      const owner = await signup(t);
      const id = await addInstance(t, owner.user.tenantId, 'Here');
      const onPeer = await stream(owner.jwt, undefined, peerBase);
      expect((await rename(t.app, owner.jwt, id, 'Changed on A')).statusCode).toBe(200);
      const seen = await onPeer.next(renamedTo('Changed on A'));
      expect(change(seen).instanceId).toBe(id);
      // B's id, given to A on reconnect: A replays what came after it.
      onPeer.close();
      await rename(peer.app, owner.jwt, id, 'Changed on B meanwhile');
      const onA = await stream(owner.jwt, seen.id);
      expect(change(await onA.next((m) => m.event === LIVE_STATUS_EVENTS.change))).toMatchObject({ type: 'instance.renamed', instance: { name: 'Changed on B meanwhile' } });
    } finally {
      await peer.close();
    }
  });

  it('ends its streams when the process shuts down, so the close is not held by them', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await signup(other);
    const live = await openLiveStream(`http://127.0.0.1:${(other.app.server.address() as { port: number }).port}`, owner.jwt);
    expect(live.status).toBe(200);
    expect(other.app.services.liveStatus.openStreams).toBe(1);
    await other.close();
    await live.ended;
    expect(other.app.services.liveStatus.openStreams).toBe(0);
  });
});
