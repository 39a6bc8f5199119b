import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUPPORT_MESSAGES, type OperatorThread } from '@replay/contracts';
import { fail, ok, stubApi, type StubRequest } from '../../test/fetch-stub';
import { publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { STORAGE_KEYS } from '../../lib/storage';
import { formatDateTime } from '../../lib/format-date';
import { CONVERSATION_ID, conversation, message } from '../../features/support/test-fixtures';

const TOKEN = 'operator-token-0123456789-abcdefghijklmnop';
const QUEUE = '/api/operator/support/conversations';
const waitingSince = Date.UTC(2026, 11, 6, 9, 0);

const thread = (): OperatorThread => ({
  conversation: conversation({ instanceId: 'ins_1', instanceName: 'Production' }),
  waitingSince,
  messages: [message('m1')],
  account: {
    tenantId: 'ten_1',
    name: 'Acme',
    edition: 'ce',
    plan: 'trial',
    trialEndsAt: Date.UTC(2026, 11, 20),
    instances: [{ id: 'ins_1', name: 'Production', status: 'running', size: 'small' }],
    recentFailures: [{ action: 'backup', message: 'The disk is full.', instanceName: 'Production', at: waitingSince }],
  },
});

/** The operator API, answering only the operator token; messages are appended to the thread. */
function stubOperatorApi() {
  const current = thread();
  const guarded = (answer: (req: StubRequest) => ReturnType<typeof ok>) => (req: StubRequest) => (req.authorization === `Bearer ${TOKEN}` ? answer(req) : fail(401, SUPPORT_MESSAGES.operatorOnly));
  const stub = stubApi({
    'GET /api/public-config': ok(publicConfig),
    [`GET ${QUEUE}`]: guarded((req) =>
      ok({
        conversations: req.search.includes('closed')
          ? []
          : [{ id: CONVERSATION_ID, tenantId: 'ten_1', accountName: 'Acme', subject: 'Backups fail', status: 'open', instanceName: 'Production', waitingSince, lastMessageAt: waitingSince }],
      }),
    ),
    [`GET ${QUEUE}/${CONVERSATION_ID}`]: guarded(() => ok(current)),
    [`POST ${QUEUE}/${CONVERSATION_ID}/messages`]: guarded((req) => {
      const body = req.body as { body: string; internal: boolean };
      current.messages.push(message(`m${current.messages.length + 1}`, { authorKind: 'operator', authorName: 'Support', authorUserId: null, ...body }));
      return ok(current);
    }),
  });
  return { stub, user: userEvent.setup() };
}

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('operators’ support screen', () => {
  it('asks for the operator token, says when it is wrong, keeps it in this tab only, and forgets it on sign out', async () => {
    const { user, stub } = stubOperatorApi();
    renderApp('/operator/support');
    expect(await screen.findByRole('heading', { name: 'Support queue', level: 1 })).toBeInTheDocument();
    const field = screen.getByLabelText(/Operator token/);
    expect(field).toHaveAttribute('type', 'password');
    await user.type(field, 'not-the-token');
    await user.click(screen.getByRole('button', { name: 'Open the queue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SUPPORT_MESSAGES.operatorTokenWrong);
    expect(sessionStorage.getItem(STORAGE_KEYS.operatorToken)).toBeNull();

    await user.clear(field);
    await user.type(field, TOKEN);
    await user.click(screen.getByRole('button', { name: 'Open the queue' }));
    expect(await screen.findByRole('table', { name: 'Open conversations' })).toBeInTheDocument();
    expect(sessionStorage.getItem(STORAGE_KEYS.operatorToken)).toBe(TOKEN);
    expect(Object.values({ ...localStorage })).not.toContain(TOKEN);
    expect(stub.callsTo(`GET ${QUEUE}`).at(-1)?.authorization).toBe(`Bearer ${TOKEN}`);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText(/Operator token/)).toHaveValue('');
    expect(sessionStorage.getItem(STORAGE_KEYS.operatorToken)).toBeNull();
  });

  it('lists the queue with account, instance and waiting time, and the closed ones on request', async () => {
    sessionStorage.setItem(STORAGE_KEYS.operatorToken, TOKEN);
    const { user, stub } = stubOperatorApi();
    renderApp('/operator/support');
    const table = await screen.findByRole('table', { name: 'Open conversations' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Backups fail', 'Acme', 'Production', formatDateTime(waitingSince)]);
    await user.click(screen.getByRole('radio', { name: 'Closed' }));
    expect(await screen.findByText(SUPPORT_MESSAGES.queueEmpty)).toBeInTheDocument();
    expect(stub.callsTo(`GET ${QUEUE}`).at(-1)?.search).toBe('?status=closed');
  });

  it('answers the customer, or adds an internal note that says it is never shown to them', async () => {
    sessionStorage.setItem(STORAGE_KEYS.operatorToken, TOKEN);
    const { user, stub } = stubOperatorApi();
    renderApp('/operator/support');
    await user.click(await screen.findByRole('button', { name: 'Backups fail' }));
    const aside = await screen.findByRole('complementary', { name: 'Acme' });
    expect(aside).toHaveTextContent('Trial');
    expect(aside).toHaveTextContent('Production — running, small');
    expect(aside).toHaveTextContent('backup — The disk is full.');

    await user.type(screen.getByLabelText('Reply to the customer'), 'We freed some space.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(stub.callsTo(`POST ${QUEUE}/${CONVERSATION_ID}/messages`)).toHaveLength(1));

    await user.click(screen.getByRole('checkbox', { name: 'Internal note' }));
    expect(screen.getByText(SUPPORT_MESSAGES.internalNoteHint)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Internal note', { selector: 'textarea' }), 'Disk alert was ignored.');
    await user.click(screen.getByRole('button', { name: 'Add internal note' }));
    await waitFor(() => expect(stub.callsTo(`POST ${QUEUE}/${CONVERSATION_ID}/messages`)).toHaveLength(2));
    expect(stub.callsTo(`POST ${QUEUE}/${CONVERSATION_ID}/messages`).map((c) => c.body)).toEqual([
      { body: 'We freed some space.', internal: false },
      { body: 'Disk alert was ignored.', internal: true },
    ]);
    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[1]!).queryByText('Internal note')).toBeNull();
    expect(within(items[2]!).getByText('Internal note')).toBeInTheDocument();
  });
});
