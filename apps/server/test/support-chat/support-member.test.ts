import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_MESSAGES } from '@replay/contracts';
import { mailOutbox, supportMessages } from '../../src/db/schema';
import { createTestApp } from '../support/app';
import { bearer, signup } from '../support/auth';
import { addInstance, addMember, auditRowsOf } from '../support/team';
import { attachmentOf, openConversation, operatorPost, PNG_BYTES } from './helpers';

/** The support chat, a member's side: conversations of their account, attachments, unread counts, the mail to support. */
const t = await createTestApp({ SUPPORT_EMAIL: 'help@console.example.com' });
afterAll(() => t.close());
const owner = await signup(t, { organizationName: 'Acme Support' });
const ownerHeaders = bearer(owner.jwt);
const member = await addMember(t, owner.user.tenantId, { permissions: [] });
const instanceId = await addInstance(t, owner.user.tenantId, 'shop');

describe('a conversation of the account', () => {
  it('is opened by any member, about one of the account’s instances, and mails SUPPORT_EMAIL in the same change', async () => {
    const opened = await openConversation(t, member.headers, { instanceId });
    expect(opened.conversation).toMatchObject({ status: 'open', instanceId, instanceName: 'shop', createdByName: member.name, unread: 0 });
    expect(opened.messages).toHaveLength(1);
    expect(opened.messages[0]).toMatchObject({ authorKind: 'member', authorName: member.name, body: 'Nothing records since Monday.', internal: false });
    const mails = await t.runtime.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'help@console.example.com'));
    const mail = mails.find((m) => m.text.includes(opened.conversation.id));
    expect(mail?.subject).toBe('[Support] Acme Support: Replays are empty');
    expect(mail?.text).toContain('Nothing records since Monday.');
    expect(mail?.text).toContain(`Answer on the operator screen: ${t.runtime.ctx.env.publicUrl.replace(/\/+$/, '')}/operator/support`);
    // Every member sees the account's conversations, the owner too.
    const list = await t.app.inject({ method: 'GET', url: '/api/support/conversations', headers: ownerHeaders });
    expect(list.json().data.conversations.map((c: { id: string }) => c.id)).toContain(opened.conversation.id);
  });

  it('refuses an instance of another account (404) and bad input (400 with the rule’s words)', async () => {
    const other = await signup(t);
    const otherInstance = await addInstance(t, other.user.tenantId, 'theirs');
    const res = await t.app.inject({ method: 'POST', url: '/api/support/conversations', headers: ownerHeaders, payload: { subject: 'x', body: 'y', instanceId: otherInstance } });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual([SUPPORT_MESSAGES.instanceNotFound]);
    const empty = await t.app.inject({ method: 'POST', url: '/api/support/conversations', headers: ownerHeaders, payload: { subject: 'x', body: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContain(SUPPORT_MESSAGES.bodyRequired);
    const twoLines = await t.app.inject({ method: 'POST', url: '/api/support/conversations', headers: ownerHeaders, payload: { subject: 'x\nBcc: a@b.c', body: 'y' } });
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json().errors).toContain(SUPPORT_MESSAGES.subjectOneLine);
  });

  it('is 404 to another account, whatever the call', async () => {
    const mine = await openConversation(t, ownerHeaders);
    const stranger = await signup(t);
    for (const [method, url] of [
      ['GET', `/api/support/conversations/${mine.conversation.id}`],
      ['POST', `/api/support/conversations/${mine.conversation.id}/read`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: bearer(stranger.jwt) })).statusCode).toBe(404);
    }
    const reply = await t.app.inject({ method: 'POST', url: `/api/support/conversations/${mine.conversation.id}/messages`, headers: bearer(stranger.jwt), payload: { body: 'hi' } });
    expect(reply.statusCode).toBe(404);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/support/conversations', headers: bearer(stranger.jwt) });
    expect(theirs.json().data.conversations).toEqual([]);
  });

  it('is a person’s: an API key is refused', async () => {
    const { addApiKey } = await import('../support/api-keys');
    const key = await addApiKey(t, owner.jwt, { permissions: ['VIEW_INSTANCES'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/support/conversations', headers: key.headers })).statusCode).toBe(403);
  });
});

describe('attachments', () => {
  it('keep a screenshot’s bytes and serve them only as a download', async () => {
    const opened = await openConversation(t, ownerHeaders, { attachment: attachmentOf('screen.png', 'image/png', PNG_BYTES) });
    const file = opened.messages[0]!.attachments[0]!;
    expect(file).toMatchObject({ name: 'screen.png', mediaType: 'image/png', size: PNG_BYTES.length });
    const res = await t.app.inject({ method: 'GET', url: `/api/support/conversations/${opened.conversation.id}/attachments/${file.id}`, headers: member.headers });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="screen.png"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuse a wrong type, content that is not its type, a name of another type, and a file too big (400)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [attachmentOf('page.html', 'text/html', Buffer.from('<script>alert(1)</script>')), SUPPORT_MESSAGES.wrongType],
      [attachmentOf('screen.png', 'image/png', Buffer.from('<html></html>')), SUPPORT_MESSAGES.contentMismatch],
      [attachmentOf('screen.html', 'image/png', PNG_BYTES), SUPPORT_MESSAGES.nameMismatch],
      [attachmentOf('big.log', 'text/plain', Buffer.alloc(SUPPORT_ATTACHMENT_MAX_BYTES + 1, 'a')), SUPPORT_MESSAGES.tooBig],
    ];
    for (const [attachment, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/support/conversations', headers: ownerHeaders, payload: { subject: 's', body: 'b', attachment } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContain(message);
    }
    // A body past the API's 1 MiB is refused before it is read: 413.
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      headers: ownerHeaders,
      payload: { subject: 's', body: 'b', attachment: attachmentOf('big.log', 'text/plain', Buffer.alloc(900 * 1024, 'a')) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('payload_too_large');
    // A log of the largest size is taken.
    const log = await openConversation(t, ownerHeaders, { attachment: attachmentOf('app.log', 'text/plain', Buffer.alloc(SUPPORT_ATTACHMENT_MAX_BYTES, 'a')) });
    expect(log.messages[0]!.attachments[0]).toMatchObject({ size: SUPPORT_ATTACHMENT_MAX_BYTES, mediaType: 'text/plain' });
  });
});

describe('an operator’s answers as the account sees them', () => {
  it('count as unread until read, and never show an internal note', async () => {
    const opened = await openConversation(t, member.headers);
    const id = opened.conversation.id;
    expect((await operatorPost(t, id, { body: 'We are looking into it.' })).statusCode).toBe(200);
    expect((await operatorPost(t, id, { body: 'Their disk is full.', internal: true })).statusCode).toBe(200);
    const unread = await t.app.inject({ method: 'GET', url: '/api/support/unread', headers: member.headers });
    expect(unread.json().data.unread).toBeGreaterThanOrEqual(1);
    const thread = await t.app.inject({ method: 'GET', url: `/api/support/conversations/${id}`, headers: member.headers });
    const bodies = thread.json().data.messages.map((m: { body: string }) => m.body);
    expect(bodies).toEqual(['Nothing records since Monday.', 'We are looking into it.']);
    expect(thread.json().data.conversation.unread).toBe(1);
    const read = await t.app.inject({ method: 'POST', url: `/api/support/conversations/${id}/read`, headers: member.headers });
    expect(read.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/support/conversations/${id}`, headers: member.headers });
    expect(after.json().data.conversation.unread).toBe(0);
    // The note is kept, for operators only.
    const rows = await t.runtime.ctx.db.select().from(supportMessages).where(eq(supportMessages.conversationId, id));
    expect(rows.filter((r) => r.internal).map((r) => r.body)).toEqual(['Their disk is full.']);
    // The member's own reply is never unread to them; it is to the owner, who has not read it.
    await t.app.inject({ method: 'POST', url: `/api/support/conversations/${id}/messages`, headers: member.headers, payload: { body: 'Thanks!' } });
    const mine = await t.app.inject({ method: 'GET', url: `/api/support/conversations/${id}`, headers: member.headers });
    expect(mine.json().data.conversation.unread).toBe(0);
    const owners = await t.app.inject({ method: 'GET', url: `/api/support/conversations/${id}`, headers: ownerHeaders });
    expect(owners.json().data.conversation.unread).toBe(3);
  });

  it('each message is in the account’s trail: the member’s, and the operator’s with the operator as actor', async () => {
    const rows = await auditRowsOf(t, owner.user.tenantId);
    expect(rows.some((r) => r.action === 'Open support conversation' && r.userId === member.userId && r.status === 201)).toBe(true);
    expect(rows.some((r) => r.action === 'Write to support' && r.userId === member.userId)).toBe(true);
    const byOperator = rows.filter((r) => r.action === 'Answer support conversation');
    expect(byOperator.length).toBeGreaterThanOrEqual(2);
    for (const r of byOperator) expect(r).toMatchObject({ userId: null, apiKeyId: null, username: 'Operator (console support)', status: 200 });
  });
});
