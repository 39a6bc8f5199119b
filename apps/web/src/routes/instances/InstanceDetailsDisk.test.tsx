import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { DISK_MESSAGES, diskUpgradeQuote, formatMoney, formatUnitPrice, type LastCleanup, type Statistics } from '@replay/contracts';
import { failWith, ok, stubSignedIn, type StubRequest, type StubResponse } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { locationNow, renderApp } from '../../test/render';
import { agentHealth, makeInstance } from '../../features/instances/test-fixtures';
import { CLEAN_UP, CLEANUP_TITLE, NEVER_CLEANED } from '../../features/instances/disk/CleanupSection';
import { INCREASE_DISK, MANAGE_DISK, NEW_SIZE_LABEL, SET_UP_BILLING, STORAGE_IN_PROGRESS } from '../../features/instances/disk/ManageDiskDrawer';

const BASE = '/api/managed-saas/instances/ins_1';
type Handler = StubResponse | ((req: StubRequest) => StubResponse);

const payingAccount = () => makeAccount({ edition: 'ee' });
const stats = (s: Partial<Statistics> = {}): StubResponse => ok({ cpu: 10, memory: 20, disk: 30, sampledAt: Date.now() - 20_000, diskAlert: null, diskFullInDays: null, ...s });
const lastCleanup = (c: Partial<LastCleanup> = {}): StubResponse => ok({ createdAt: null, nextAllowedAt: null, pendingDays: null, ...c });
const preview = ok({
  ages: [
    { days: 1, bytes: 5_000_000 },
    { days: 3, bytes: 3_000 },
    { days: 7, bytes: 0 },
    { days: 14, bytes: 0 },
    { days: 30, bytes: 0 },
  ],
  usedBytes: 5_000_000,
  totalBytes: 120 * 1024 ** 3,
});

function open(opts: { instance?: Handler; account?: ReturnType<typeof makeAccount>; handlers?: Record<string, Handler> } = {}) {
  const stub = stubSignedIn(opts.account ?? payingAccount(), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/health': { status: 200, body: agentHealth },
    [`GET ${BASE}`]: opts.instance ?? ok(makeInstance()),
    [`GET ${BASE}/user-activity`]: ok({ events: [], total: 0 }),
    [`GET ${BASE}/statistics`]: stats(),
    [`GET ${BASE}/last-cleanup`]: lastCleanup(),
    [`GET ${BASE}/cleanup-preview`]: preview,
    ...opts.handlers,
  });
  renderApp('/instances/ins_1');
  return { stub, user: userEvent.setup() };
}

async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Actions' }));
  await user.click(await screen.findByRole('menuitem', { name: MANAGE_DISK }));
  return screen.findByRole('dialog', { name: MANAGE_DISK });
}

const costRow = (drawer: HTMLElement, name: RegExp) => within(within(drawer).getByRole('table', { name: 'Monthly disk cost' })).getByRole('row', { name });

afterEach(() => notifications.clean());

describe('Manage Disk', () => {
  it('shows the current size and the price before anything changes; Increase only for a larger size', async () => {
    const { user } = open();
    const drawer = await openDrawer(user);
    expect(drawer).toHaveTextContent('Current size: 120 GB');
    const input = within(drawer).getByRole('textbox', { name: NEW_SIZE_LABEL });
    expect(input).toHaveValue('120');
    const increase = within(drawer).getByRole('button', { name: INCREASE_DISK });
    expect(increase).toBeDisabled();
    const today = diskUpgradeQuote('aws', 'us-east-1', 120, 120);
    expect(costRow(drawer, /Today/)).toHaveTextContent(`${formatMoney(today.currentMonthly)} per month`);

    await user.clear(input);
    await user.type(input, '200');
    const quote = diskUpgradeQuote('aws', 'us-east-1', 120, 200);
    expect(costRow(drawer, /New size \(200 GB\)/)).toHaveTextContent(`${formatMoney(quote.monthly)} per month`);
    expect(costRow(drawer, /Difference/)).toHaveTextContent(`+${formatMoney(quote.difference)} per month (+${formatUnitPrice(quote.hourlyDifference, 'USD')} per hour)`);
    expect(increase).toBeEnabled();

    // Not a step of 10: said, and refused before the server.
    await user.type(input, '5');
    expect(within(drawer).getByText(DISK_MESSAGES.diskSize)).toBeInTheDocument();
    expect(increase).toBeDisabled();
  });

  it('starts the increase, shows it in progress, polls the instance every second and shows the new size once it settles', async () => {
    let reads = 0;
    let grown = false;
    const { stub, user } = open({
      instance: () => {
        reads += 1;
        return ok(grown ? makeInstance({ diskSize: 200 }) : reads > 1 ? makeInstance({ storageInProgress: true, canUpdateStorage: false }) : makeInstance());
      },
      handlers: { [`POST ${BASE}/disk-upgrade`]: ok(makeInstance({ storageInProgress: true, canUpdateStorage: false, canSwitchInstance: false })) },
    });
    const drawer = await openDrawer(user);
    const input = within(drawer).getByRole('textbox', { name: NEW_SIZE_LABEL });
    await user.clear(input);
    await user.type(input, '200');
    await user.click(within(drawer).getByRole('button', { name: INCREASE_DISK }));
    expect(await within(drawer).findByText(STORAGE_IN_PROGRESS)).toBeInTheDocument();
    expect(stub.callsTo(`POST ${BASE}/disk-upgrade`)[0]?.body).toEqual({ diskSize: 200 });
    const before = reads;
    await waitFor(() => expect(reads).toBeGreaterThanOrEqual(before + 2), { timeout: 3_500 });
    grown = true;
    await waitFor(() => expect(drawer).toHaveTextContent('Current size: 200 GB'), { timeout: 2_500 });
    expect(within(drawer).queryByText(STORAGE_IN_PROGRESS)).not.toBeInTheDocument();
    // Settled: the poll stops.
    const settled = reads;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(reads).toBe(settled);
  });

  it("says 'Failed to increase disk size' when the increase settles with the server's uiFailure", async () => {
    let failed = false;
    open({
      instance: () => ok(failed ? makeInstance({ failure: 'volume API refused', uiFailure: DISK_MESSAGES.increaseFailed }) : makeInstance({ storageInProgress: true, canUpdateStorage: false })),
    });
    await screen.findByRole('button', { name: 'Actions' });
    failed = true;
    expect(await screen.findByText(DISK_MESSAGES.increaseFailed, { selector: '.mantine-Notification-description' }, { timeout: 3_000 })).toBeInTheDocument();
  });

  it('keeps Increase disabled while the storage cannot change (canUpdateStorage false)', async () => {
    const { user } = open({ instance: ok(makeInstance({ canUpdateStorage: false })) });
    const drawer = await openDrawer(user);
    expect(drawer).toHaveTextContent(DISK_MESSAGES.storageBusy);
    const input = within(drawer).getByRole('textbox', { name: NEW_SIZE_LABEL });
    await user.clear(input);
    await user.type(input, '200');
    expect(within(drawer).getByRole('button', { name: INCREASE_DISK })).toBeDisabled();
  });

  it('sends a free account to billing setup instead of offering the increase', async () => {
    const { user } = open({ account: makeAccount() });
    const drawer = await openDrawer(user);
    expect(within(drawer).queryByRole('button', { name: INCREASE_DISK })).not.toBeInTheDocument();
    expect(drawer).toHaveTextContent(DISK_MESSAGES.billingRequired);
    await user.click(within(drawer).getByRole('link', { name: SET_UP_BILLING }));
    await waitFor(() => expect(locationNow()).toBe('/billing'));
  });

  it('goes to billing setup with the server’s words when the server answers 402 billing_required', async () => {
    const { user } = open({ handlers: { [`POST ${BASE}/disk-upgrade`]: failWith('billing_required', DISK_MESSAGES.billingRequired) } });
    const drawer = await openDrawer(user);
    const input = within(drawer).getByRole('textbox', { name: NEW_SIZE_LABEL });
    await user.clear(input);
    await user.type(input, '130');
    await user.click(within(drawer).getByRole('button', { name: INCREASE_DISK }));
    await waitFor(() => expect(locationNow()).toBe('/billing'));
    expect(await screen.findByText(DISK_MESSAGES.billingRequired)).toBeInTheDocument();
  });
});

/** Longer than any of Mantine's exit transitions (at most 300 ms). */
const EXIT_TRANSITIONS_MS = 600;

describe('cleanup', () => {
  it('shows what each age frees (7 days first), confirms, and says the request has been initiated', async () => {
    let accepted = false;
    const { stub, user } = open({
      handlers: {
        [`GET ${BASE}/last-cleanup`]: () => (accepted ? lastCleanup({ createdAt: Date.now(), nextAllowedAt: Date.now() + 6 * 3_600_000 }) : lastCleanup()),
        [`POST ${BASE}/cleanup`]: () => {
          accepted = true;
          return ok({ message: DISK_MESSAGES.cleanupInitiated, days: 3, createdAt: Date.now() });
        },
      },
    });
    const drawer = await openDrawer(user);
    const section = within(drawer).getByRole('region', { name: CLEANUP_TITLE });
    expect(within(section).getByRole('radio', { name: /Older than 7 days/ })).toBeChecked();
    expect(await within(section).findByText('Frees 5 MB')).toBeInTheDocument();
    expect(within(section).getByText('Frees 3 kB')).toBeInTheDocument();
    expect(section).toHaveTextContent(NEVER_CLEANED);

    await user.click(within(section).getByRole('radio', { name: /Older than 3 days/ }));
    await user.click(within(section).getByRole('button', { name: CLEAN_UP }));
    const dialog = await screen.findByRole('dialog', { name: CLEANUP_TITLE });
    expect(dialog).toHaveTextContent('The recordings older than 3 days will be removed from Production (frees 3 kb)');
    await user.click(within(dialog).getByRole('button', { name: CLEAN_UP }));
    expect(await screen.findByText(DISK_MESSAGES.cleanupInitiated)).toBeInTheDocument();
    expect(stub.callsTo(`POST ${BASE}/cleanup`)[0]?.body).toEqual({ days: 3 });
    await waitFor(() => expect(section).toHaveTextContent(/Last cleanup: /));
    // The drawer stayed open behind the dialog.
    expect(screen.getByRole('dialog', { name: MANAGE_DISK })).toBeInTheDocument();
  });

  it('closes only the confirmation on Escape, keeping the drawer', async () => {
    const { user } = open();
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: CLEAN_UP }));
    await screen.findByRole('dialog', { name: CLEANUP_TITLE });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: CLEANUP_TITLE })).not.toBeInTheDocument());
    // A drawer closed by the same key would leave only after its exit transition (Mantine's
    // are at most 300 ms, started with the confirmation's), so the check waits that long first.
    await new Promise((resolve) => setTimeout(resolve, EXIT_TRANSITIONS_MS));
    expect(screen.getByRole('dialog', { name: MANAGE_DISK })).toBeInTheDocument();
  });

  it('closes the drawer on Escape pressed in the drawer itself', async () => {
    const { user } = open();
    const drawer = await openDrawer(user);
    within(drawer).getByRole('button', { name: CLEAN_UP }).focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MANAGE_DISK })).not.toBeInTheDocument());
  });

  it("blocks a second cleanup within 6 hours with the tooltip 'You can only request for cleanup once in 6 hours'", async () => {
    const at = Date.now() - 3_600_000;
    const { stub, user } = open({ handlers: { [`GET ${BASE}/last-cleanup`]: lastCleanup({ createdAt: at, nextAllowedAt: at + 6 * 3_600_000 }) } });
    const drawer = await openDrawer(user);
    // The blocked button is another element than the one shown before the last cleanup is known.
    const button = await waitFor(() => {
      const shown = within(drawer).getByRole('button', { name: CLEAN_UP });
      expect(shown).toHaveAttribute('aria-disabled', 'true');
      return shown;
    });
    await user.hover(button);
    expect(await screen.findByText(DISK_MESSAGES.cleanupOncePerInterval)).toBeInTheDocument();
    await user.click(button);
    expect(screen.queryByRole('dialog', { name: CLEANUP_TITLE })).not.toBeInTheDocument();
    expect(stub.callsTo(`POST ${BASE}/cleanup`)).toHaveLength(0);
    expect(within(drawer).getByTestId('last-cleanup')).toHaveTextContent('Last cleanup: ');
  });

  it('says a cleanup is running while the workflow has not yet run it', async () => {
    const { user } = open({ handlers: { [`GET ${BASE}/last-cleanup`]: lastCleanup({ createdAt: Date.now(), nextAllowedAt: Date.now() + 1, pendingDays: 14 }) } });
    const drawer = await openDrawer(user);
    expect(await within(drawer).findByText('A cleanup of the recordings older than 14 days is running.')).toBeInTheDocument();
  });
});

describe('disk alert banners', () => {
  it('warns when the disk is almost full, with the forecast', async () => {
    open({ handlers: { [`GET ${BASE}/statistics`]: stats({ disk: 85, diskAlert: 'warning', diskFullInDays: 3 }) } });
    expect(await screen.findByText(DISK_MESSAGES.warning)).toBeInTheDocument();
    expect(screen.getByText('At the current rate the disk is full in about 3 days.')).toBeInTheDocument();
  });

  it('says recordings are stopped when the disk is full', async () => {
    open({ handlers: { [`GET ${BASE}/statistics`]: stats({ disk: 99.5, diskAlert: 'critical', diskFullInDays: 0 }) } });
    expect(await screen.findByText(DISK_MESSAGES.critical)).toBeInTheDocument();
  });

  it('shows only the forecast below the warning, and nothing without alert or forecast', async () => {
    open({ handlers: { [`GET ${BASE}/statistics`]: stats({ disk: 60, diskFullInDays: 1 }) } });
    expect(await screen.findByText('At the current rate the disk is full in about 1 day.')).toBeInTheDocument();
    expect(screen.queryByText(DISK_MESSAGES.warning)).not.toBeInTheDocument();
  });
});
