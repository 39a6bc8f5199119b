import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { SWITCH_MESSAGES, priceFor, type Account, type Instance } from '@replay/contracts';
import { failWith, ok, stubSignedIn, type StubResponse } from '../../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../../test/fixtures';
import { locationNow, renderApp } from '../../../test/render';
import { agentHealth, makeInstance } from '../test-fixtures';

const BASE = '/api/managed-saas/instances/ins_1';
const PAYING = makeAccount({ hasBillingDetails: true, isTrial: false, instanceCount: 1 });
// aws us-east-1: small $198.72, medium $398.88, large $798.48 a month (720 × the hourly price).
const MEDIUM = makeInstance({ size: 'medium', instanceType: 'medium', pricingDetails: priceFor('aws', 'us-east-1', 'medium') });
const UPGRADING = makeInstance({ status: 'upgrading', inProgress: true, canSwitchInstance: false, canUpdateStorage: false });

function open(instance: Instance = makeInstance(), account: Account = PAYING, handlers: Record<string, StubResponse | (() => StubResponse)> = {}) {
  let shown = instance;
  const stub = stubSignedIn(account, makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/health': { status: 200, body: agentHealth },
    [`GET ${BASE}`]: () => ok(shown),
    [`GET ${BASE}/user-activity`]: ok({ events: [], total: 0 }),
    [`GET ${BASE}/statistics`]: ok({ cpu: null, memory: null, disk: null, sampledAt: null, diskAlert: null, diskFullInDays: null }),
    ...handlers,
  });
  const view = renderApp('/instances/ins_1');
  return { stub, view, user: userEvent.setup(), show: (next: Instance) => (shown = next) };
}

async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Actions' }));
  const item = await screen.findByRole('menuitem', { name: 'Switch Instance' });
  await user.click(item);
  return screen.findByRole('dialog', { name: 'Switch Instance' });
}

afterEach(() => notifications.clean());

describe('Switch Instance', () => {
  it('lists small, medium and large with their figures and monthly prices, the current one marked and chosen', async () => {
    const { user } = open();
    const drawer = await openDrawer(user);
    const cards = within(drawer).getAllByRole('radio');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Small (current): 2 vCPU, 8 GB RAM, 120 GB Disk, $198.72 per month',
      'Medium: 4 vCPU, 16 GB RAM, 240 GB Disk, $398.88 per month',
      'Large: 8 vCPU, 32 GB RAM, 480 GB Disk, $798.48 per month',
    ]);
    expect(cards[0]).toBeChecked();
    expect(within(drawer).getByText('Current')).toBeInTheDocument();
    expect(within(drawer).getByText('+$200.16 per month (+$0.278 per hour) compared with today')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Choose another type' })).toBeDisabled();
    // Cancel closes it, and focus goes back to the Actions button (its menu item is gone).
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Switch Instance' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions' })).toHaveFocus());
  });

  it('shows the difference to today’s price, asks for confirmation, then switches: upgrading at once', async () => {
    const { stub, user } = open(undefined, PAYING, { [`POST ${BASE}/instance-upgrade`]: ok(UPGRADING) });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('radio', { name: /^Medium/ }));
    expect(within(drawer).getByText(/^Medium: \$398\.88 per month, \+\$200\.16 per month compared with today's \$198\.72\.$/)).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Switch to Medium' }));
    // Nothing is sent before the confirmation.
    expect(stub.callsTo(`POST ${BASE}/instance-upgrade`)).toHaveLength(0);
    expect(within(drawer).getByText('Switch Production to Medium?')).toBeInTheDocument();
    expect(drawer).toHaveTextContent('The monthly price goes from $198.72 to $398.88 (+$200.16 per month).');
    await user.click(within(drawer).getByRole('button', { name: 'Confirm switch' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Switch Instance' })).toBeNull());
    expect(stub.callsTo(`POST ${BASE}/instance-upgrade`)[0]?.body).toEqual({ instanceType: 'medium' });
    expect(await screen.findByText('Upgrading')).toBeInTheDocument();
    // In progress: the menu is hidden until it settles.
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();
  });

  it("says 'Instance updated successfully.' once the switch settles, and shows the new type and price", async () => {
    const { user, view, show } = open(undefined, PAYING, { [`POST ${BASE}/instance-upgrade`]: ok(UPGRADING) });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('radio', { name: /^Medium/ }));
    await user.click(within(drawer).getByRole('button', { name: 'Switch to Medium' }));
    await user.click(within(drawer).getByRole('button', { name: 'Confirm switch' }));
    expect(await screen.findByText('Upgrading')).toBeInTheDocument();
    // What status polling does on a change (polling.test.ts): the instance is read again.
    show(MEDIUM);
    await view.queryClient.invalidateQueries({ queryKey: ['instances'] });
    expect(await screen.findByText(SWITCH_MESSAGES.switched)).toBeInTheDocument();
    expect(screen.getByText('Medium · 4 vCPU, 16 GB RAM')).toBeInTheDocument();
    expect(screen.getByText('$398.88 per month')).toBeInTheDocument();
  });

  it("says 'Failed to update instance.' when the workflow gave up and the instance is back at its old type", async () => {
    const { view, show } = open(UPGRADING);
    expect(await screen.findByText('Upgrading')).toBeInTheDocument();
    show(makeInstance({ failure: 'The agent at medium did not stay up', uiFailure: SWITCH_MESSAGES.failed }));
    await view.queryClient.invalidateQueries({ queryKey: ['instances'] });
    expect(await screen.findByText(SWITCH_MESSAGES.failed, { selector: '.mantine-Notification-description' })).toBeInTheDocument();
    expect(screen.getByText('Small · 2 vCPU, 8 GB RAM')).toBeInTheDocument();
    // It runs, at its old type: the page tells the failure, the badge the instance's health.
    expect(screen.getByText('The agent at medium did not stay up')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Running')).toBeInTheDocument());
  });

  it('keeps the button disabled with the reason when the type cannot change (a stopped instance)', async () => {
    const { user } = open(makeInstance({ status: 'stopped', healthy: false, canSwitchInstance: false }));
    const drawer = await openDrawer(user);
    expect(within(drawer).getByRole('alert')).toHaveTextContent(SWITCH_MESSAGES.notRunning);
    await user.click(within(drawer).getByRole('radio', { name: /^Large/ }));
    expect(within(drawer).getByRole('button', { name: 'Switch to Large' })).toBeDisabled();
  });

  it('sends a free account to billing setup for a dearer type; a cheaper one needs no billing', async () => {
    const { user } = open(MEDIUM, makeAccount());
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('radio', { name: /^Large/ }));
    expect(within(drawer).getByText(SWITCH_MESSAGES.billingRequired)).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Switch to Large' })).toBeNull();
    await user.click(within(drawer).getByRole('radio', { name: /^Small/ }));
    expect(within(drawer).getByText(/-\$200\.16 per month compared with today's/)).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Switch to Small' })).toBeEnabled();
    await user.click(within(drawer).getByRole('radio', { name: /^Large/ }));
    await user.click(within(drawer).getByRole('link', { name: 'Set up billing' }));
    await waitFor(() => expect(locationNow()).toBe('/billing'));
  });

  it("shows the server's refusal under 'Failed to update instance.' and stays on the drawer", async () => {
    const { user } = open(undefined, PAYING, {
      [`POST ${BASE}/instance-upgrade`]: failWith('conflict', SWITCH_MESSAGES.storageBusy),
    });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('radio', { name: /^Large/ }));
    await user.click(within(drawer).getByRole('button', { name: 'Switch to Large' }));
    await user.click(within(drawer).getByRole('button', { name: 'Confirm switch' }));
    expect(await screen.findByText(SWITCH_MESSAGES.storageBusy)).toBeInTheDocument();
    expect(screen.getByText(SWITCH_MESSAGES.failed)).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Switch to Large' })).toBeInTheDocument();
  });
});
