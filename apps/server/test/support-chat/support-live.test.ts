import { afterAll, describe, expect, it } from 'vitest';
import { LIVE_STATUS_EVENTS, liveSupportMessageSchema } from '@replay/contracts';
import { createTestApp } from '../support/app';
import { bearer, signup } from '../support/auth';
import { openLiveStream, type LiveStreamClient } from '../support/live-stream';
import { addMember } from '../support/team';
import { openConversation, operatorPost } from './helpers';

/** An operator's reply reaches the account's members live, on the push they already hold open (the live status stream). */
const t = await createTestApp({ LIVE_STATUS_HEARTBEAT_MS: '100' });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
const clients: LiveStreamClient[] = [];
afterAll(async () => {
  for (const c of clients) c.close();
  await t.close();
});
const stream = async (jwt: string) => {
  const client = await openLiveStream(base, jwt);
  clients.push(client);
  return client;
};
const isSupport = (m: { event?: string }) => m.event === LIVE_STATUS_EVENTS.support;

describe('a reply in the support chat', () => {
  it('is pushed to the account’s members as it commits; an internal note never is, nor anything to another account', async () => {
    const owner = await signup(t);
    const stranger = await signup(t);
    const member = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES'] });
    const opened = await openConversation(t, bearer(owner.jwt));
    const live = await stream(member.jwt);
    const theirs = await stream(stranger.jwt);
    expect((await operatorPost(t, opened.conversation.id, { body: 'A note', internal: true })).statusCode).toBe(200);
    expect((await operatorPost(t, opened.conversation.id, { body: 'An answer' })).statusCode).toBe(200);
    const message = await live.next(isSupport);
    expect(liveSupportMessageSchema.parse(JSON.parse(message.data))).toMatchObject({ type: 'support.message_posted', conversationId: opened.conversation.id });
    // The stranger's stream, open the whole time, heard of neither; the member's of the answer only.
    await t.app.services.liveStatus.read();
    expect(theirs.received.filter(isSupport)).toEqual([]);
    expect(live.received.filter(isSupport)).toHaveLength(1);
    const unread = await t.app.inject({ method: 'GET', url: '/api/support/unread', headers: member.headers });
    expect(unread.json().data.unread).toBe(2);
  });
});
