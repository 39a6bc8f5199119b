import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_MESSAGES, type Notification } from '@replay/contracts';
import { ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const note = (id: string, overrides: Partial<Notification>): Notification => ({
  notificationId: id,
  level: 'critical',
  editedAt: 1_700_000_000_000,
  createdAt: 1_700_000_000_000,
  text: '',
  link: null,
  viewed: false,
  title: '',
  description: '',
  type: 'instance.failed',
  filterKey: 'instances',
  options: { source: 'instance', sourceId: null, projectId: null, sourceMeta: {} },
  ...overrides,
});

const all = [
  note('00000000-0000-4000-8000-000000000001', { title: 'Shop failed to start', description: 'The agent did not answer.' }),
  note('00000000-0000-4000-8000-000000000002', { title: 'Invoice ABC-1 paid', level: 'success', filterKey: 'billing', type: 'invoice.paid', viewed: true }),
];

function signIn() {
  let unread = all.filter((n) => !n.viewed).length;
  return stubSignedIn(makeAccount(), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/notifications/count': () => ok({ count: unread }),
    'GET /api/notifications': (req) => {
      const kind = new URLSearchParams(req.search).get('filterKey');
      const list = all.filter((n) => !kind || n.filterKey === kind);
      return ok({ notifications: list, total: list.length, unread });
    },
    'POST /api/notifications/view': () => {
      unread = 0;
      return ok({ count: 0 });
    },
  });
}

describe('Notifications page', () => {
  it('lists every notification, narrows to a kind (kept in the address), and marks all read', async () => {
    const api = signIn();
    renderApp('/client/notifications');
    const list = await screen.findByRole('list', { name: NOTIFICATION_MESSAGES.title });
    expect(within(list).getByText('Shop failed to start')).toBeInTheDocument();
    expect(within(list).getByText('Invoice ABC-1 paid')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 2 of 2 notifications.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Billing' }));
    await waitFor(() => expect(screen.queryByText('Shop failed to start')).toBeNull());
    expect(screen.getByText('Invoice ABC-1 paid')).toBeInTheDocument();
    expect(api.callsTo('GET /api/notifications').at(-1)!.search).toContain('filterKey=billing');

    await user.click(screen.getByRole('radio', { name: 'Webhooks' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.emptyCategory)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications/view').map((c) => c.body)).toEqual([{ all: true }]));
    await waitFor(() => expect(screen.getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead })).toBeDisabled());
  });

  it('opens on the kind the address names', async () => {
    const api = signIn();
    renderApp('/client/notifications?kind=billing');
    expect(await screen.findByText('Invoice ABC-1 paid')).toBeInTheDocument();
    expect(screen.queryByText('Shop failed to start')).toBeNull();
    expect(api.callsTo('GET /api/notifications')[0]!.search).toContain('filterKey=billing');
    expect(screen.getByRole('radio', { name: 'Billing' })).toBeChecked();
  });
});
