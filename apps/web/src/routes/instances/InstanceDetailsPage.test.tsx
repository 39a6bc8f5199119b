import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { INSTANCE_MESSAGES, type Instance, type InstanceActivity } from '@replay/contracts';
import { fail, ok, stubSignedIn, type StubResponse } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { locationNow, renderApp } from '../../test/render';
import { agentHealth, makeInstance, queriesTo } from '../../features/instances/test-fixtures';
import { STOP_CONFIRMATION } from './details/ActionsMenu';
import { LATEST_EVENTS_TITLE, NO_LATEST_EVENTS } from './details/LatestEvents';
import { INSTANCE_NOT_FOUND } from './InstanceDetailsPage';

const BASE = '/api/managed-saas/instances/ins_1';
type Handlers = Parameters<typeof stubSignedIn>[2];

function event(n: number): InstanceActivity {
  return {
    activityId: `act_${n}`,
    instanceId: 'ins_1',
    userId: 'usr_1',
    userName: 'Ada Owner',
    action: n === 0 ? 'stop' : 'rename',
    status: 'success',
    comments: `Change ${n}`,
    createdAt: Date.now() - n * 60_000,
  };
}

function open(instance: Instance = makeInstance(), handlers: Handlers = {}, path = '/instances/ins_1') {
  const stub = stubSignedIn(makeAccount(), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/health': { status: 200, body: agentHealth },
    [`GET ${BASE}`]: ok(instance),
    [`GET ${BASE}/user-activity`]: ok({ events: [event(0)], total: 1 }),
    [`GET ${BASE}/statistics`]: ok({ cpu: null, memory: null, disk: null, sampledAt: null }),
    ...handlers,
  });
  renderApp(path);
  return { stub, user: userEvent.setup() };
}

const statusBadge = () => screen.getByText(/^(Running|Stopping|Stopped|Starting|Terminating|Failed)$/).closest('[data-tone]')!;

async function chooseAction(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: 'Actions' }));
  await user.click(await screen.findByRole('menuitem', { name }));
}

// Toasts live in a module-level store: clear them so one test's toast is not read by the next.
afterEach(() => notifications.clean());

describe('instance details', () => {
  it('lists the latest events its details carry, newest first, with time and text', async () => {
    const latest = [event(0), event(1)];
    open(makeInstance({ latestEvents: latest }));
    const section = await screen.findByRole('region', { name: LATEST_EVENTS_TITLE });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([expect.stringContaining('Stop: Change 0'), expect.stringContaining('Rename: Change 1')]);
    expect(within(items[0]!).getByTitle(new Date(latest[0]!.createdAt).toISOString())).toBeInTheDocument();
  });

  it('says so when the instance has no events yet', async () => {
    open(makeInstance({ latestEvents: [] }));
    const section = await screen.findByRole('region', { name: LATEST_EVENTS_TITLE });
    expect(within(section).getByText(NO_LATEST_EVENTS)).toBeInTheDocument();
    expect(within(section).queryAllByRole('listitem')).toEqual([]);
  });

  it('shows the breadcrumb, id with copy, version, the instance link and the Monitoring tab first and open (Events beside it)', async () => {
    const { user } = open();
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Instances' })).toHaveAttribute('href', '/instances');
    expect(breadcrumb).toHaveTextContent('Production');
    expect(screen.getByText('ins_1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy instance id' })).toBeInTheDocument();
    expect(screen.getByText('v1.21')).toBeInTheDocument();
    expect(screen.queryByText('Checking health…')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /localhost:4101/ })).toBeInTheDocument();
    // The spec's order (section 2), the first one open.
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Monitoring', 'Events', 'Single Sign-On (SSO)', 'Maintenance & Backups', 'CORS', 'Network access']);
    expect(screen.getByRole('tab', { name: 'Monitoring' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'false');
    expect(locationNow()).toBe('/instances/ins_1');
    await user.click(screen.getByRole('tab', { name: 'Events' }));
    expect(await screen.findByRole('cell', { name: 'Change 0' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Stop' })).toBeInTheDocument();
    expect(locationNow()).toBe('/instances/ins_1?tab=events');
    await waitFor(() => expect(document.title).toBe('Production - Replay Console'));
  });

  it('says when the console’s own health round is checking the instance', async () => {
    open(makeInstance({ checkingHealth: true }));
    expect(await screen.findByText('Checking health…')).toHaveAttribute('role', 'status');
  });

  it('shows the prices the wire carries as integer micro-dollars, formatted as before', async () => {
    // aws eu-west-1 (× 1.11), large, 250 GB: 1.231 $/h, 886.32 $/month, 666 µ$/GB-h × 250 × 720 = 119.88 $.
    open(
      makeInstance({
        region: 'eu-west-1',
        size: 'large',
        diskSize: 250,
        pricingDetails: { hourlyPrice: 1_231_000, monthlyPrice: 886_320_000 },
        storagePrice: { price: 666, hourly: 166_500, monthly: 119_880_000 },
      }),
    );
    expect(await screen.findByText('$886.32 per month')).toBeInTheDocument();
    expect(screen.getByText(/^\$1\.231 per hour · created/)).toBeInTheDocument();
    expect(screen.getByText('$119.88 per month for storage')).toBeInTheDocument();
  });

  it("shows each event's label ('SSO Update' for a config change), who did it and when", async () => {
    const createdAt = Date.UTC(2026, 2, 14, 9, 30);
    open(
      undefined,
      {
        [`GET ${BASE}/user-activity`]: ok({
          events: [{ ...event(1), action: 'configUpdate', userName: 'Grace Admin', comments: 'SAML provider saved', createdAt }],
          total: 1,
        }),
      },
      '/instances/ins_1?tab=events',
    );
    const row = (await screen.findByRole('cell', { name: 'SAML provider saved' })).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['SSO Update', 'SAML provider saved', 'Grace Admin', new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(createdAt)]);
    expect(cells[3]).toMatch(/^Mar 14, 2026, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(within(row).getByTitle('2026-03-14T09:30:00.000Z')).toBeInTheDocument();
  });

  it('lists events 10 a page, with the page in the address', async () => {
    const { stub, user } = open(
      undefined,
      {
        [`GET ${BASE}/user-activity`]: () => {
          const page = Number(queriesTo(stub, `${BASE}/user-activity`).at(-1)?.page);
          return ok({ events: Array.from({ length: page === 1 ? 10 : 2 }, (_, n) => event((page - 1) * 10 + n)), total: 12 });
        },
      },
      '/instances/ins_1?tab=events',
    );
    expect(await screen.findByText('Showing 1 to 10 of 12 events.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11 to 12 of 12 events.')).toBeInTheDocument();
    expect(locationNow()).toBe('/instances/ins_1?tab=events&page=2');
    expect(queriesTo(stub, `${BASE}/user-activity`).at(-1)).toEqual({ page: '2', limit: '10' });
  });

  it("renames inline: 'Instance updated successfully.' or 'Failed to update instance.'", async () => {
    let answer: StubResponse = ok(makeInstance({ name: 'Production EU' }));
    const { stub, user } = open(undefined, { [`PUT ${BASE}`]: () => answer });
    await user.click(await screen.findByRole('button', { name: 'Edit Instance name' }));
    const input = screen.getByRole('textbox', { name: 'Instance name' });
    expect(input).toHaveAttribute('maxLength', '80');
    await user.type(input, ' EU{Enter}');
    expect(await screen.findByText(INSTANCE_MESSAGES.updated)).toBeInTheDocument();
    expect(stub.callsTo(`PUT ${BASE}`)[0]?.body).toEqual({ name: 'Production EU' });
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Production EU')).toBeInTheDocument();

    answer = fail(500);
    await user.click(screen.getByRole('button', { name: 'Edit Instance name' }));
    await user.type(screen.getByRole('textbox', { name: 'Instance name' }), '2{Enter}');
    expect(await screen.findByText(INSTANCE_MESSAGES.updateFailed)).toBeInTheDocument();
  });

  it('stops at once after the storage confirmation, and on failure restores the status with "Couldn\'t stop instance"', async () => {
    let release: (answer: StubResponse) => void = () => undefined;
    const { stub, user } = open(undefined, {
      [`POST ${BASE}/actions`]: () => new Promise<StubResponse>((resolve) => (release = resolve)),
    });
    await waitFor(() => expect(statusBadge()).toHaveAttribute('data-tone', 'success'));
    await chooseAction(user, 'Stop');
    const dialog = await screen.findByRole('dialog', { name: 'Stop instance' });
    expect(dialog).toHaveTextContent(STOP_CONFIRMATION);
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));

    expect(await screen.findByText('Stopping')).toBeInTheDocument();
    expect(stub.callsTo(`POST ${BASE}/actions`)[0]?.body).toEqual({ action: 'stop' });
    // In progress: the menu is hidden.
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();

    release(fail(409, 'An instance that is stopping cannot be asked to stop.'));
    expect(await screen.findByText("Couldn't stop instance")).toBeInTheDocument();
    await waitFor(() => expect(statusBadge()).toHaveTextContent('Running'));
    expect(screen.getByRole('button', { name: 'Actions' })).toBeInTheDocument();
  });

  it('terminates only once TERMINATE is typed exactly (spaces around it ignored)', async () => {
    const { stub, user } = open(undefined, {
      [`POST ${BASE}/actions`]: ok(makeInstance({ status: 'terminating', inProgress: true })),
    });
    await chooseAction(user, 'Terminate');
    const dialog = await screen.findByRole('dialog', { name: 'Terminate instance' });
    const confirm = within(dialog).getByRole('button', { name: 'Terminate' });
    const typed = within(dialog).getByRole('textbox', { name: 'Type TERMINATE to confirm' });
    expect(confirm).toBeDisabled();
    await user.type(typed, 'terminate');
    expect(confirm).toBeDisabled();
    await user.clear(typed);
    await user.type(typed, '  TERMINATE ');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByText('Terminating')).toBeInTheDocument();
    expect(stub.callsTo(`POST ${BASE}/actions`)[0]?.body).toEqual({ action: 'terminate', confirm: '  TERMINATE ' });
  });

  it('refuses to terminate under termination protection, and says why', async () => {
    const { stub, user } = open(makeInstance({ isProtected: true }));
    await chooseAction(user, 'Terminate');
    const dialog = await screen.findByRole('dialog', { name: 'Terminate instance' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(INSTANCE_MESSAGES.terminationProtected);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Terminate' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(stub.callsTo(`POST ${BASE}/actions`)).toHaveLength(0);
  });

  it('switches termination protection from the Actions menu', async () => {
    const { stub, user } = open(makeInstance({ isProtected: true }), {
      [`PUT ${BASE}`]: ok(makeInstance({ isProtected: false })),
    });
    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    const toggle = await screen.findByRole('menuitemcheckbox', { name: 'Termination Protection' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(stub.callsTo(`PUT ${BASE}`)[0]?.body).toEqual({ isProtected: false });
    expect(await screen.findByText(INSTANCE_MESSAGES.updated)).toBeInTheDocument();
  });

  it('offers start and terminate for a stopped instance, and no link to it', async () => {
    const { user } = open(makeInstance({ status: 'stopped', healthy: false }));
    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Start', 'Terminate', 'Switch Instance', 'Manage Disk']);
    expect(screen.queryByRole('link', { name: /localhost:4101/ })).toBeNull();
  });

  it('opens the instance through a one-time token in a new tab, else says "Couldn\'t get access to instance"', async () => {
    const tab = { close: vi.fn(), opener: {} as unknown, location: { href: '' } };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    let answer: StubResponse = ok({ jwt: 'one-time', loginUrl: 'http://localhost:4101/login?token=one-time' });
    const { user } = open(undefined, { [`GET ${BASE}/jwt`]: () => answer });
    await user.click(await screen.findByRole('link', { name: /localhost:4101/ }));
    await waitFor(() => expect(tab.location.href).toBe('http://localhost:4101/login?token=one-time'));
    expect(tab.opener).toBeNull();

    answer = fail(409, 'The instance is not running.');
    await user.click(screen.getByRole('link', { name: /localhost:4101/ }));
    expect(await screen.findByText(INSTANCE_MESSAGES.noAccess)).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });

  it("says 'Instance not found' for an unknown or another account's instance", async () => {
    open(undefined, { [`GET ${BASE}`]: fail(404, 'Instance not found.') });
    expect(await screen.findByRole('heading', { name: INSTANCE_NOT_FOUND })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Instances' })).toHaveAttribute('href', '/instances');
  });
});
