import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { CATALOGUE_VERSIONS, VERSION_MESSAGES, type Instance, type MaintenanceWindow } from '@replay/contracts';
import { fail, ok, stubSignedIn } from '../../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { agentHealth, makeInstance } from '../test-fixtures';
import { formatDateTime } from '../../../lib/format-date';

const BASE = '/api/managed-saas/instances/ins_1';
/** The next window opens in two days (every Monday at midnight UTC, as the rule says; the date only has to be the one shown). */
const NEXT_WINDOW_AT = Date.UTC(2031, 0, 6, 0, 0);
const maintenanceWindow: MaintenanceWindow = { cron: '0 0 * * 1', frequency: 'weekly', day: 1, hour: 12, meridiem: 'AM', minute: 0, nextWindowAt: NEXT_WINDOW_AT, updatedAt: null };

function open(instance: Instance, handlers: Parameters<typeof stubSignedIn>[2] = {}, permissions?: string[]) {
  const account = permissions ? makeAccount({ permissions: permissions as never }) : makeAccount();
  const stub = stubSignedIn(account, makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/health': { status: 200, body: agentHealth },
    [`GET ${BASE}`]: ok(instance),
    [`GET ${BASE}/user-activity`]: ok({ events: [], total: 0 }),
    [`GET ${BASE}/statistics`]: ok({ cpu: null, memory: null, disk: null, sampledAt: null }),
    'GET /api/managed-saas/versions': ok({ versions: CATALOGUE_VERSIONS }),
    [`GET ${BASE}/maintenance-window`]: ok(maintenanceWindow),
    ...handlers,
  });
  renderApp('/instances/ins_1');
  return { stub, user: userEvent.setup() };
}

afterEach(() => notifications.clean());

describe('Upgrade Now and its drawer', () => {
  it('offers the newer versions with the trackers they read, and starts the upgrade', async () => {
    const upgrading = makeInstance({ version: '1.19', status: 'version-upgrading', inProgress: true, pendingVersion: '1.21' });
    const { stub, user } = open(makeInstance({ version: '1.19' }), { [`POST ${BASE}/version-upgrade`]: ok(upgrading) });
    expect(await screen.findByText('v1.19')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Upgrade Now' }));

    const drawer = await screen.findByRole('dialog', { name: 'Upgrade version' });
    expect(within(drawer).getByText('Current version: v1.19')).toBeInTheDocument();
    expect(within(drawer).getByText('Reads trackers up to 14.0.0')).toBeInTheDocument();
    const radios = within(within(drawer).getByRole('radiogroup', { name: 'New version' })).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['1.20', '1.21']);
    // The newest is chosen first; another can be chosen.
    expect(within(drawer).getByRole('radio', { name: 'v1.21 (release 1.21.0)' })).toBeChecked();
    expect(within(drawer).getByText('Reads trackers up to 16.0.0')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('radio', { name: 'v1.20 (release 1.20.0)' }));
    await user.click(within(drawer).getByRole('radio', { name: 'v1.21 (release 1.21.0)' }));
    await user.click(within(drawer).getByRole('button', { name: 'Upgrade to v1.21' }));

    await waitFor(() => expect(stub.callsTo(`POST ${BASE}/version-upgrade`).map((c) => c.body)).toEqual([{ version: '1.21' }]));
    expect(await screen.findByText(VERSION_MESSAGES.started)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upgrade version' })).not.toBeInTheDocument());
    // While it runs the header says so, and no second upgrade is offered.
    expect(await screen.findByText('Upgrading to 1.21')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade Now' })).not.toBeInTheDocument();
  });

  it("says 'Failed to start upgrade' with the server's reason, and keeps the drawer open", async () => {
    const { user } = open(makeInstance({ version: '1.20' }), {
      [`POST ${BASE}/version-upgrade`]: fail(409, VERSION_MESSAGES.busy),
    });
    await user.click(await screen.findByRole('button', { name: 'Upgrade Now' }));
    const drawer = await screen.findByRole('dialog', { name: 'Upgrade version' });
    await user.click(within(drawer).getByRole('button', { name: 'Upgrade to v1.21' }));
    expect(await screen.findByText(VERSION_MESSAGES.startFailed)).toBeInTheDocument();
    expect(screen.getByText(VERSION_MESSAGES.busy)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Upgrade version' })).toBeInTheDocument();
    expect(screen.getByText('v1.20')).toBeInTheDocument();
  });

  it('says on which weekday new versions reach the instance’s region, and the next such day', async () => {
    // Wednesday 2031-01-01, 10:00 UTC: London's release day (Sunday) is on the 5th.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2031, 0, 1, 10, 0) });
    try {
      const { user } = open(makeInstance({ version: '1.19', region: 'eu-west-2', regionLabel: 'Europe (London)', isoCode: 'GB' }));
      await user.click(await screen.findByRole('button', { name: 'Upgrade Now' }));
      const drawer = await screen.findByRole('dialog', { name: 'Upgrade version' });
      expect(within(drawer).getByText('New versions reach the United Kingdom on Sunday at 06:00 UTC; next: Jan 5, 2031.')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers nothing on the newest version', async () => {
    open(makeInstance({ version: '1.21' }));
    expect(await screen.findByText('v1.21')).toBeInTheDocument();
    await screen.findByRole('tab', { name: 'Events' });
    expect(screen.queryByRole('button', { name: 'Upgrade Now' })).not.toBeInTheDocument();
  });

  it('offers nothing to an instance that is not running', async () => {
    const { stub } = open(makeInstance({ version: '1.19', status: 'stopped', healthy: false }));
    expect(await screen.findByText('v1.19')).toBeInTheDocument();
    await screen.findByRole('tab', { name: 'Events' });
    expect(screen.queryByRole('button', { name: 'Upgrade Now' })).not.toBeInTheDocument();
    expect(stub.callsTo('GET /api/managed-saas/versions')).toEqual([]);
  });

  it('after a rollback, says what happened', async () => {
    open(
      makeInstance({
        version: '1.20',
        uiFailure: VERSION_MESSAGES.rolledBack('1.21', '1.20'),
        failure: VERSION_MESSAGES.didNotStart('1.21'),
      }),
    );
    expect(await screen.findByText('The upgrade to 1.21 failed, so the instance was restored to 1.20')).toBeInTheDocument();
    expect(screen.getByText(VERSION_MESSAGES.didNotStart('1.21'))).toBeInTheDocument();
    // The failed version is still newer: it may be tried again.
    expect(await screen.findByRole('button', { name: 'Upgrade Now' })).toBeInTheDocument();
  });
});

describe('an upgrade in the next maintenance window', () => {
  const when = formatDateTime(NEXT_WINDOW_AT);

  it('offers Now (chosen first) or the next window, in the reader’s time zone, and schedules it', async () => {
    const scheduled = makeInstance({ version: '1.19', scheduledUpgrade: { version: '1.21', at: NEXT_WINDOW_AT } });
    const { stub, user } = open(makeInstance({ version: '1.19' }), { [`POST ${BASE}/version-upgrade`]: ok(scheduled) });
    await user.click(await screen.findByRole('button', { name: 'Upgrade Now' }));
    const drawer = await screen.findByRole('dialog', { name: 'Upgrade version' });

    const whenGroup = within(drawer).getByRole('radiogroup', { name: 'When' });
    expect(within(whenGroup).getByRole('radio', { name: 'Now' })).toBeChecked();
    const inWindow = within(whenGroup).getByRole('radio', { name: 'In the next maintenance window' });
    await waitFor(() => expect(inWindow).toBeEnabled());
    expect(within(drawer).getByText(`${when} (your time zone)`)).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Upgrade to v1.21' })).toBeInTheDocument();

    await user.click(inWindow);
    expect(inWindow).toBeChecked();
    expect(within(drawer).getByText(/If it cannot start in the window, it waits for the next one\./)).toBeInTheDocument();
    await user.click(within(drawer).getByRole('radio', { name: 'v1.20 (release 1.20.0)' }));
    await user.click(within(drawer).getByRole('radio', { name: 'v1.21 (release 1.21.0)' }));
    await user.click(within(drawer).getByRole('button', { name: 'Schedule upgrade to v1.21' }));

    await waitFor(() => expect(stub.callsTo(`POST ${BASE}/version-upgrade`).map((c) => c.body)).toEqual([{ version: '1.21', when: 'maintenance' }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upgrade version' })).not.toBeInTheDocument());
    // The toast and the header say when; nothing is upgrading yet, so Upgrade Now stays.
    expect(await screen.findAllByText(VERSION_MESSAGES.scheduled('1.21', when))).toHaveLength(2);
    expect(screen.queryByText('Upgrading to 1.21')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade Now' })).toBeInTheDocument();
    // The Upcoming Maintenance card says what its window will do.
    expect(screen.getByText('Upgrade to 1.21 in this window')).toBeInTheDocument();
  });

  it('says which upgrade a new schedule replaces', async () => {
    const { user } = open(makeInstance({ version: '1.19', scheduledUpgrade: { version: '1.20', at: NEXT_WINDOW_AT } }));
    await user.click(await screen.findByRole('button', { name: 'Upgrade Now' }));
    const drawer = await screen.findByRole('dialog', { name: 'Upgrade version' });
    const inWindow = within(drawer).getByRole('radio', { name: 'In the next maintenance window' });
    await waitFor(() => expect(inWindow).toBeEnabled());
    await user.click(inWindow);
    expect(within(drawer).getByText(new RegExp(`It replaces the upgrade to v1\\.20 scheduled for ${when.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.`))).toBeInTheDocument();
  });

  it("says 'Failed to schedule upgrade' with the server's reason, and keeps the drawer open", async () => {
    const { user } = open(makeInstance({ version: '1.20' }), { [`POST ${BASE}/version-upgrade`]: fail(409, VERSION_MESSAGES.busy) });
    await user.click(await screen.findByRole('button', { name: 'Upgrade Now' }));
    const drawer = await screen.findByRole('dialog', { name: 'Upgrade version' });
    const inWindow = within(drawer).getByRole('radio', { name: 'In the next maintenance window' });
    await waitFor(() => expect(inWindow).toBeEnabled());
    await user.click(inWindow);
    await user.click(within(drawer).getByRole('button', { name: 'Schedule upgrade to v1.21' }));
    expect(await screen.findByText(VERSION_MESSAGES.scheduleFailed)).toBeInTheDocument();
    expect(screen.getByText(VERSION_MESSAGES.busy)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Upgrade version' })).toBeInTheDocument();
  });

  it('cancels a scheduled upgrade after a confirmation', async () => {
    const instance = makeInstance({ version: '1.20', scheduledUpgrade: { version: '1.21', at: NEXT_WINDOW_AT } });
    const { stub, user } = open(instance, { [`DELETE ${BASE}/version-upgrade`]: ok({ ...instance, scheduledUpgrade: null }) });
    expect(await screen.findByText(VERSION_MESSAGES.scheduled('1.21', when))).toBeInTheDocument();
    expect(await screen.findByText('Upgrade to 1.21 in this window')).toBeInTheDocument();

    // Keeping it calls nothing.
    await user.click(screen.getByRole('button', { name: 'Cancel scheduled upgrade' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel the scheduled upgrade?' });
    expect(within(dialog).getByText(`The upgrade to v1.21 will not run in the maintenance window of ${when}; the instance stays at v1.20.`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel the scheduled upgrade?' })).not.toBeInTheDocument());
    expect(stub.callsTo(`DELETE ${BASE}/version-upgrade`)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel scheduled upgrade' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel the scheduled upgrade?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel upgrade' }));
    await waitFor(() => expect(stub.callsTo(`DELETE ${BASE}/version-upgrade`)).toHaveLength(1));
    expect(await screen.findByText(VERSION_MESSAGES.scheduleCancelled)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(VERSION_MESSAGES.scheduled('1.21', when))).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Cancel scheduled upgrade' })).not.toBeInTheDocument();
    // The card shows its rule again.
    expect(screen.getByText('Every Monday, 12:00 AM UTC')).toBeInTheDocument();
  });

  it("says 'Failed to cancel the scheduled upgrade' with the server's reason, and keeps it shown", async () => {
    const instance = makeInstance({ version: '1.20', scheduledUpgrade: { version: '1.21', at: NEXT_WINDOW_AT } });
    const { user } = open(instance, { [`DELETE ${BASE}/version-upgrade`]: fail(409, VERSION_MESSAGES.noneScheduled) });
    await user.click(await screen.findByRole('button', { name: 'Cancel scheduled upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the scheduled upgrade?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel upgrade' }));
    expect(await screen.findByText(VERSION_MESSAGES.cancelFailed)).toBeInTheDocument();
    expect(screen.getByText(VERSION_MESSAGES.noneScheduled)).toBeInTheDocument();
    expect(screen.getByText(VERSION_MESSAGES.scheduled('1.21', when))).toBeInTheDocument();
  });

  it('shows a member who may only read the scheduled upgrade, without Cancel', async () => {
    open(makeInstance({ version: '1.20', scheduledUpgrade: { version: '1.21', at: NEXT_WINDOW_AT } }), {}, ['VIEW_INSTANCES']);
    expect(await screen.findByText(VERSION_MESSAGES.scheduled('1.21', when))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel scheduled upgrade' })).not.toBeInTheDocument();
  });
});
