import { afterAll, describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES } from '@replay/contracts';
import { sql } from 'drizzle-orm';
import { loggerOptions } from '../../src/lib/logger';
import { createTestApp, TEST_OPERATOR_TOKEN } from '../support/app';
import { bearer, signup } from '../support/auth';
import { addInstance, auditRowsOf } from '../support/team';
import { attachmentOf, openConversation, operator, operatorPost, PNG_BYTES } from './helpers';

/** The support chat, the operators' side: their own credential, the queue across accounts, the account beside a thread. */
const t = await createTestApp();
afterAll(() => t.close());
const QUEUE = '/api/operator/support/conversations';

describe('the operator’s way in', () => {
  it('is the operator token only: none, a wrong one, or a member’s session is 401', async () => {
    const owner = await signup(t);
    const cases: [Record<string, string>, string][] = [
      [{}, SUPPORT_MESSAGES.operatorOnly],
      [bearer(`${TEST_OPERATOR_TOKEN}x`), SUPPORT_MESSAGES.operatorOnly],
      [bearer(owner.jwt), SUPPORT_MESSAGES.operatorOnly],
    ];
    for (const [headers, message] of cases) {
      const res = await t.app.inject({ method: 'GET', url: QUEUE, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errors: [message], code: 'unauthenticated' });
    }
    expect((await t.app.inject({ method: 'GET', url: QUEUE, headers: operator })).statusCode).toBe(200);
  });

  it('is never written down: not in the log (right or wrong), not in the trail', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({}, { logger: { ...loggerOptions('info'), stream: { write: (line: string) => lines.push(line) } } });
    try {
      const owner = await signup(logged);
      const opened = await openConversation(logged, bearer(owner.jwt));
      await logged.app.inject({ method: 'GET', url: QUEUE, headers: bearer(`${TEST_OPERATOR_TOKEN}-wrong`) });
      expect((await operatorPost(logged, opened.conversation.id, { body: 'Answer' })).statusCode).toBe(200);
      await logged.app.auditDrain();
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('')).not.toContain(TEST_OPERATOR_TOKEN);
      const trail = await logged.runtime.ctx.db.execute(sql`select to_jsonb(a)::text as row from audit_trail a`);
      expect(JSON.stringify(trail)).toContain('Answer support conversation');
      expect(JSON.stringify(trail)).not.toContain(TEST_OPERATOR_TOKEN);
    } finally {
      await logged.close();
    }
  });

  it('is closed on a console without OPERATOR_TOKEN, whatever is sent', async () => {
    const off = await createTestApp({ OPERATOR_TOKEN: '' });
    try {
      const res = await off.app.inject({ method: 'GET', url: QUEUE, headers: operator });
      expect(res.statusCode).toBe(401);
      expect(res.json().errors).toEqual([SUPPORT_MESSAGES.operatorOff]);
    } finally {
      await off.close();
    }
  });
});

describe('the queue and a thread', () => {
  it('lists open conversations of every account, waiting longest first; an answer takes one out of the wait', async () => {
    const first = await signup(t, { organizationName: 'First Co' });
    const second = await signup(t, { organizationName: 'Second Co' });
    const older = await openConversation(t, bearer(first.jwt), { subject: 'Older' });
    t.clock.advance(60_000);
    const newer = await openConversation(t, bearer(second.jwt), { subject: 'Newer' });
    const queue = async () => (await t.app.inject({ method: 'GET', url: QUEUE, headers: operator })).json().data.conversations as { id: string; waitingSince: number | null; accountName: string }[];
    const ids = (await queue()).map((c) => c.id);
    expect(ids.indexOf(older.conversation.id)).toBeLessThan(ids.indexOf(newer.conversation.id));
    expect((await queue()).find((c) => c.id === newer.conversation.id)).toMatchObject({ accountName: 'Second Co' });
    expect((await operatorPost(t, older.conversation.id, { body: 'On it' })).statusCode).toBe(200);
    const after = await queue();
    expect(after.find((c) => c.id === older.conversation.id)?.waitingSince).toBeNull();
    expect(after.map((c) => c.id).indexOf(newer.conversation.id)).toBeLessThan(after.map((c) => c.id).indexOf(older.conversation.id));
  });

  it('shows the thread with its internal notes and the account: plan, instances, recent failures', async () => {
    const owner = await signup(t, { organizationName: 'Context Co' });
    await addInstance(t, owner.user.tenantId, 'checkout');
    const opened = await openConversation(t, bearer(owner.jwt), { attachment: attachmentOf('shot.png', 'image/png', PNG_BYTES) });
    await operatorPost(t, opened.conversation.id, { body: 'Disk is full', internal: true });
    const res = await t.app.inject({ method: 'GET', url: `${QUEUE}/${opened.conversation.id}`, headers: operator });
    expect(res.statusCode).toBe(200);
    const thread = res.json().data;
    expect(thread.messages.map((m: { body: string; internal: boolean }) => [m.body, m.internal])).toEqual([
      ['Nothing records since Monday.', false],
      ['Disk is full', true],
    ]);
    expect(thread.account).toMatchObject({ tenantId: owner.user.tenantId, name: 'Context Co', plan: 'trial', instances: [{ name: 'checkout', status: 'running' }] });
    expect(Array.isArray(thread.account.recentFailures)).toBe(true);
    const file = await t.app.inject({ method: 'GET', url: `${QUEUE}/${opened.conversation.id}/attachments/${opened.messages[0]!.attachments[0]!.id}`, headers: operator });
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(file.headers['content-disposition']).toBe('attachment; filename="shot.png"');
  });

  it('closes and reopens, says so when already done (409), and records each in the account’s trail as the operator', async () => {
    const owner = await signup(t);
    const opened = await openConversation(t, bearer(owner.jwt));
    const url = `${QUEUE}/${opened.conversation.id}`;
    expect((await t.app.inject({ method: 'POST', url: `${url}/close`, headers: operator })).json().data.conversation.status).toBe('closed');
    const again = await t.app.inject({ method: 'POST', url: `${url}/close`, headers: operator });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([SUPPORT_MESSAGES.alreadyClosed]);
    expect((await t.app.inject({ method: 'POST', url: `${url}/reopen`, headers: operator })).json().data.conversation.status).toBe('open');
    const rows = await auditRowsOf(t, owner.user.tenantId);
    const operatorRows = rows.filter((r) => r.username === 'Operator (console support)').map((r) => [r.action, r.status]);
    expect(operatorRows).toEqual(
      expect.arrayContaining([
        ['Close support conversation', 200],
        ['Close support conversation', 409],
        ['Reopen support conversation', 200],
      ]),
    );
    // An unknown conversation is 404, and no account's trail gets a row for it.
    expect((await t.app.inject({ method: 'POST', url: `${QUEUE}/00000000-0000-4000-8000-000000000000/close`, headers: operator })).statusCode).toBe(404);
  });

  it('refuses bad input with the rule’s words (400) and a customer reply after closing reopens the conversation', async () => {
    const owner = await signup(t);
    const opened = await openConversation(t, bearer(owner.jwt));
    const empty = await operatorPost(t, opened.conversation.id, { body: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContain(SUPPORT_MESSAGES.bodyRequired);
    await t.app.inject({ method: 'POST', url: `${QUEUE}/${opened.conversation.id}/close`, headers: operator });
    const reply = await t.app.inject({ method: 'POST', url: `/api/support/conversations/${opened.conversation.id}/messages`, headers: bearer(owner.jwt), payload: { body: 'Still broken' } });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data.conversation.status).toBe('open');
  });
});
