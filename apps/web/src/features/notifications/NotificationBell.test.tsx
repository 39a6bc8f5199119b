import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@replay/contracts';
import { ok, stubApi } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { NotificationBell } from './NotificationBell';

const note = (id: string, overrides: Partial<Notification> = {}): Notification => ({
  notificationId: id,
  level: 'critical',
  editedAt: 1_700_000_000_000,
  createdAt: 1_700_000_000_000,
  text: 'Shop failed to start. The agent did not answer.',
  link: '/instances/1b0f4c1e-8a55-4c0e-9d63-1a2b3c4d5e6f',
  viewed: false,
  title: 'Shop failed to start',
  description: 'The agent did not answer.',
  type: 'instance.failed',
  filterKey: 'instances',
  options: { source: 'instance', sourceId: null, projectId: null, sourceMeta: {} },
  ...overrides,
});

function stubNotifications(list: Notification[]) {
  let unread = list.filter((n) => !n.viewed).length;
  return stubApi({
    'GET /api/notifications/count': () => ok({ count: unread }),
    'GET /api/notifications': () => ok({ notifications: list, total: list.length, unread }),
    'POST /api/notifications/view': (req) => {
      const body = req.body as { ids?: string[]; all?: true };
      for (const n of list) if (body.all || body.ids?.includes(n.notificationId)) n.viewed = true;
      unread = list.filter((n) => !n.viewed).length;
      return ok({ count: unread });
    },
  });
}

describe('notification bell', () => {
  it('shows the unread count, lists the newest, and marks all read', async () => {
    const api = stubNotifications([note('a'), note('b', { level: 'success', title: 'Invoice ABC-1 paid', description: '$1.00 was charged.', viewed: true })]);
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const user = userEvent.setup();
    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText('Shop failed to start')).toBeInTheDocument();
    expect(within(dialog).getByText('Invoice ABC-1 paid')).toBeInTheDocument();
    expect(within(dialog).getByText('Critical')).toBeInTheDocument();
    expect(within(dialog).getByText('The agent did not answer.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications/view').map((c) => c.body)).toEqual([{ all: true }]));
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument();
    // Focus stayed in the dialog, so Escape closes it.
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  });

  it('marks one read when it is followed, and closes with Escape', async () => {
    const api = stubNotifications([note('a')]);
    renderWithProviders(<NotificationBell />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const link = await screen.findByRole('link', { name: /Shop failed to start/ });
    expect(link).toHaveAttribute('href', '/instances/1b0f4c1e-8a55-4c0e-9d63-1a2b3c4d5e6f');
    await user.click(link);
    await waitFor(() => expect(api.callsTo('POST /api/notifications/view').map((c) => c.body)).toEqual([{ ids: ['a'] }]));
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Notifications, none unread' }));
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  });

  it('reads the list afresh at each opening', async () => {
    const list = [note('a', { viewed: true })];
    stubNotifications(list);
    renderWithProviders(<NotificationBell />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, none unread' }));
    expect(await screen.findByText('Shop failed to start')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
    list.unshift(note('b', { title: 'Shop is healthy again', level: 'success' }));
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    expect(await screen.findByText('Shop is healthy again')).toBeInTheDocument();
  });

  it('says when there is nothing, and when the list cannot be read', async () => {
    stubApi({ 'GET /api/notifications/count': ok({ count: 0 }), 'GET /api/notifications': ok({ notifications: [], total: 0, unread: 0 }) });
    const { unmount } = renderWithProviders(<NotificationBell />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, none unread' }));
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    unmount();
    stubApi({ 'GET /api/notifications/count': ok({ count: 0 }) });
    renderWithProviders(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, none unread' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications could not be loaded.');
  });
});
