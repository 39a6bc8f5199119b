import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { DEFAULT_LOGGER_OPTIONS, DEFAULT_SESSION_SETTINGS, RETENTION_MESSAGES, type AccountRetention, type Permission } from '@replay/contracts';
import { fail, ok, stubSignedIn, type StubResponse } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const answer: AccountRetention = {
  days: 7,
  applied: [
    { instanceId: 'ins_1', name: 'Shop' },
    { instanceId: 'ins_2', name: 'Blog' },
  ],
  busy: [{ instanceId: 'ins_3', name: 'Docs' }],
};

function signIn(permissions?: Permission[], save: StubResponse = ok(answer)) {
  return stubSignedIn(makeAccount(permissions ? { permissions } : {}), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/session-settings': ok({ ...DEFAULT_SESSION_SETTINGS, pending: false, updatedAt: null }),
    'GET /api/client/logger-options': ok({ ...DEFAULT_LOGGER_OPTIONS, pending: false, updatedAt: null }),
    'POST /api/managed-saas/config-disk-usage': save,
  });
}

afterEach(() => notifications.clean());

describe('Data retention of every instance (on /client/sessions-listing)', () => {
  it('applies a shorter retention to every instance after a confirmation, saying how many take it and naming the busy ones', async () => {
    const api = signIn();
    renderApp('/client/sessions-listing');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Data retention of every instance' });
    const apply = within(card).getByRole('button', { name: 'Apply to every instance' });
    expect(apply).toBeDisabled();
    await user.click(within(card).getByRole('radio', { name: '7 days' }));
    await user.click(apply);
    const dialog = await screen.findByRole('dialog', { name: 'Apply this retention to every instance?' });
    expect(dialog).toHaveTextContent('Recordings older than 7 days will be removed from every instance of the account at once. This cannot be undone.');
    expect(api.callsTo('POST /api/managed-saas/config-disk-usage')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Keep 7 days everywhere' }));
    expect(await screen.findByText(RETENTION_MESSAGES.accountSaved(2))).toBeInTheDocument();
    expect(screen.getByText(RETENTION_MESSAGES.accountBusy(['Docs']))).toBeInTheDocument();
    expect(api.callsTo('POST /api/managed-saas/config-disk-usage')[0]?.body).toEqual({ days: 7 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's reason when it refuses (a role that does not reach every instance)", async () => {
    signIn(undefined, fail(403, RETENTION_MESSAGES.accountScope));
    renderApp('/client/sessions-listing');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Data retention of every instance' });
    await user.click(within(card).getByRole('radio', { name: 'Unlimited' }));
    await user.click(within(card).getByRole('button', { name: 'Apply to every instance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply this retention to every instance?' });
    expect(dialog).toHaveTextContent('Every instance of the account will keep its recordings without limit.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep Unlimited everywhere' }));
    expect(await screen.findByText(RETENTION_MESSAGES.accountScope)).toBeInTheDocument();
  });

  it('offers no way to apply to a member who may not change instances', async () => {
    signIn(['VIEW_INSTANCES']);
    renderApp('/client/sessions-listing');
    const card = await screen.findByRole('region', { name: 'Data retention of every instance' });
    expect(within(card).queryByRole('button', { name: 'Apply to every instance' })).toBeNull();
    expect(within(card).getByRole('radio', { name: '7 days' })).toBeDisabled();
  });
});
