import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { CATALOGUE_VERSIONS, VERSION_MESSAGES, type Instance } from '@replay/contracts';
import { fail, ok, stubSignedIn } from '../../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { agentHealth, makeInstance } from '../../../features/instances/test-fixtures';

const BASE = '/api/managed-saas/instances/ins_1';

function open(instance: Instance, handlers: Parameters<typeof stubSignedIn>[2] = {}, permissions?: string[]) {
  const account = permissions ? makeAccount({ permissions: permissions as never }) : makeAccount();
  const stub = stubSignedIn(account, makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/health': { status: 200, body: agentHealth },
    [`GET ${BASE}`]: ok(instance),
    [`GET ${BASE}/user-activity`]: ok({ events: [], total: 0 }),
    [`GET ${BASE}/statistics`]: ok({ cpu: null, memory: null, disk: null, sampledAt: null }),
    'GET /api/managed-saas/versions': ok({ versions: CATALOGUE_VERSIONS }),
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
    const radios = within(drawer).getAllByRole('radio');
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
        failure: 'The agent of instance ins_1 exited with code 1',
      }),
    );
    expect(await screen.findByText('The upgrade to 1.21 failed, so the instance was restored to 1.20')).toBeInTheDocument();
    expect(screen.getByText('The agent of instance ins_1 exited with code 1')).toBeInTheDocument();
    // The failed version is still newer: it may be tried again.
    expect(await screen.findByRole('button', { name: 'Upgrade Now' })).toBeInTheDocument();
  });
});
