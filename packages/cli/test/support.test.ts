import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/index';
import { harness, ok, on, refusal } from './harness';

const ID = '22222222-2222-4222-8222-222222222222';
const QUEUE = '/api/operator/support/conversations';
const OPERATOR = { REPLAY_OPERATOR_TOKEN: 'operator-token-from-env' };

const thread = (over: Record<string, unknown> = {}) => ({
  conversation: { id: ID, subject: 'Replays are empty', status: 'open', instanceId: null, instanceName: 'shop', createdByName: 'Ada', createdAt: 0, updatedAt: 0, lastMessageAt: 0, unread: 0 },
  waitingSince: 1_700_000_000_000,
  messages: [
    {
      id: 'm1',
      authorKind: 'member',
      authorName: 'Ada',
      authorUserId: 'u1',
      body: 'Nothing records.',
      internal: false,
      createdAt: 1_700_000_000_000,
      attachments: [{ id: 'a1', name: 'app.log', mediaType: 'text/plain', size: 12 }],
    },
    { id: 'm2', authorKind: 'operator', authorName: 'Support', authorUserId: null, body: 'Disk full', internal: true, createdAt: 1_700_000_060_000, attachments: [] },
  ],
  account: { tenantId: 't1', name: 'Acme', edition: 'foss', plan: 'trial', trialEndsAt: 0, instances: [{ id: 'i1', name: 'shop', status: 'running', size: 'small' }], recentFailures: [] },
  ...over,
});

describe('replay support', () => {
  it('lists the open queue with the operator token from REPLAY_OPERATOR_TOKEN, never the account key', async () => {
    const h = harness({
      env: OPERATOR,
      routes: [
        on(
          'GET',
          QUEUE,
          ok({ conversations: [{ id: ID, tenantId: 't1', accountName: 'Acme', subject: 'Replays are empty', status: 'open', instanceName: null, waitingSince: 1_700_000_000_000, lastMessageAt: 0 }] }),
        ),
      ],
    });
    expect(await h.run('support', 'list')).toBe(EXIT.ok);
    expect(h.calls[0]?.headers.get('authorization')).toBe('Bearer operator-token-from-env');
    expect(h.calls[0]?.query.get('status')).toBe('open');
    expect(h.stdout()).toContain('Acme');
    expect(h.stdout()).toContain('2023-11-14T22:13:20.000Z');
  });

  it('--closed lists the closed ones; --operator-token comes before the environment', async () => {
    const h = harness({ env: OPERATOR, routes: [on('GET', QUEUE, ok({ conversations: [] }))] });
    expect(await h.run('support', 'list', '--closed', '--operator-token', 'from-option')).toBe(EXIT.ok);
    expect(h.calls[0]?.query.get('status')).toBe('closed');
    expect(h.calls[0]?.headers.get('authorization')).toBe('Bearer from-option');
    expect(h.stdout()).toContain('No conversations.');
  });

  it('shows a thread with its internal notes and the account beside it', async () => {
    const h = harness({ env: OPERATOR, routes: [on('GET', `${QUEUE}/${ID}`, ok(thread()))] });
    expect(await h.run('support', 'show', ID)).toBe(EXIT.ok);
    expect(h.stdout()).toContain('Acme, trial');
    expect(h.stdout()).toContain('shop (running)');
    expect(h.stdout()).toContain('Support (internal note)');
    expect(h.stdout()).toContain('[app.log, 12 B]');
  });

  it('answers, or adds an internal note, with the words given', async () => {
    const h = harness({ env: OPERATOR, routes: [on('POST', `${QUEUE}/${ID}/messages`, ok(thread()))] });
    expect(await h.run('support', 'answer', ID, '--message', 'We are on it')).toBe(EXIT.ok);
    expect(h.calls[0]?.body).toEqual({ body: 'We are on it', internal: false });
    expect(h.stdout()).toContain('Answered Replays are empty (Acme).');
    expect(await h.run('support', 'answer', ID, '--message', 'Disk full', '--internal', '--json')).toBe(EXIT.ok);
    expect(h.calls[1]?.body).toEqual({ body: 'Disk full', internal: true });
  });

  it('closes and reopens', async () => {
    const h = harness({ env: OPERATOR, routes: [on('POST', `${QUEUE}/${ID}/close`, ok(thread())), on('POST', `${QUEUE}/${ID}/reopen`, ok(thread()))] });
    expect(await h.run('support', 'close', ID)).toBe(EXIT.ok);
    expect(await h.run('support', 'reopen', ID)).toBe(EXIT.ok);
    expect(h.calls.map((c) => `${c.method} ${c.path}`)).toEqual([`POST ${QUEUE}/${ID}/close`, `POST ${QUEUE}/${ID}/reopen`]);
  });

  it('without an operator token it says how to give one (2) and calls nothing; a refused token is 3', async () => {
    const none = harness();
    expect(await none.run('support', 'list')).toBe(EXIT.usage);
    expect(none.stderr()).toContain('REPLAY_OPERATOR_TOKEN');
    expect(none.calls).toHaveLength(0);
    const wrong = harness({ env: OPERATOR, routes: [on('GET', QUEUE, refusal(401, 'Operator credentials required.', 'unauthenticated'))] });
    expect(await wrong.run('support', 'list')).toBe(EXIT.refused);
    expect(wrong.stderr()).toContain('Operator credentials required.');
  });
});
