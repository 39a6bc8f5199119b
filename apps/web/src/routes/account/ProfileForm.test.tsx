import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { locationNow, renderApp } from '../../test/render';

const config = { 'GET /api/public-config': ok(publicConfig) };

describe('profile', () => {
  it("opens at /account/profile with the 'Account' heading, the read-only email and the title", async () => {
    stubSignedIn(makeAccount(), makeJwt(), config);
    renderApp('/account');
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(locationNow()).toBe('/account/profile'));
    expect(await screen.findByText(/identity: it is the one you use to login/)).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('readonly');
    expect(screen.getByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Profile Settings'));
  });

  it('holds the page in the tab panel that the selected tab names (a valid aria-controls)', async () => {
    stubSignedIn(makeAccount(), makeJwt(), config);
    renderApp('/account/profile');
    const tab = await screen.findByRole('tab', { name: 'Profile', selected: true });
    const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
    expect(panel).toHaveAttribute('role', 'tabpanel');
    expect(panel).toContainElement(await screen.findByLabelText('Email Address'));
  });

  it('enables Update only after a change, saves, then disables it again', async () => {
    const account = makeAccount();
    const api = stubSignedIn(account, makeJwt(), {
      ...config,
      'POST /api/account': (req) => ok({ ...account, ...(req.body as object) }),
    });
    renderApp('/account/profile');
    const user = userEvent.setup();
    const update = await screen.findByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();
    const name = screen.getByLabelText('Name', { exact: true });
    expect(name).toHaveAttribute('maxLength', '50');
    expect(screen.getByLabelText('Organization')).toHaveAttribute('maxLength', '50');
    await user.clear(name);
    await user.type(name, '  Ada Lovelace ');
    expect(update).toBeEnabled();
    await user.click(update);
    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    expect(update).toBeDisabled();
    expect(name).toHaveValue('Ada Lovelace');
    expect(api.callsTo('POST /api/account')[0]?.body).toEqual({ name: 'Ada Lovelace', tenantName: 'Analytical Engines' });
    // The header shows the saved name (the session's account reaches the shell in a deferred render).
    expect(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' })).toBeInTheDocument();
  });

  it("shows 'Update' loading while the save is on its way", async () => {
    const account = makeAccount();
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    stubSignedIn(account, makeJwt(), {
      ...config,
      'POST /api/account': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/account/profile');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Organization'), ' Ltd');
    const update = screen.getByRole('button', { name: 'Update' });
    expect(update).not.toHaveAttribute('data-loading');
    await user.click(update);
    await waitFor(() => expect(update).toHaveAttribute('data-loading', 'true'));
    answer(ok({ ...account, tenantName: 'Analytical Engines Ltd' }));
    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    expect(update).not.toHaveAttribute('data-loading');
  });

  it('keeps the change and shows the server error when saving fails', async () => {
    stubSignedIn(makeAccount(), makeJwt(), { ...config, 'POST /api/account': fail(400, 'Must be at most 50 characters') });
    renderApp('/account/profile');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Organization'), ' Ltd');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Must be at most 50 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  it('requires both fields', async () => {
    const api = stubSignedIn(makeAccount(), makeJwt(), config);
    renderApp('/account/profile');
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Name', { exact: true }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/account')).toHaveLength(0);
  });

  it('shows real account data on the other three tabs', async () => {
    stubSignedIn(makeAccount(), makeJwt(), config);
    renderApp('/account/api-keys');
    expect(await screen.findByText('tk_123')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy project key' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Organization' }));
    expect(await screen.findByText('ten_1')).toBeInTheDocument();
    expect(screen.getByText('Analytical Engines')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Session' }));
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(locationNow()).toBe('/account/session');
  });
});
