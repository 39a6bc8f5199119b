import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { DEFAULT_LOGGER_OPTIONS, DEFAULT_SESSION_SETTINGS, LOGGER_OPTIONS_MESSAGES, type LoggerOptions, type Permission } from '@replay/contracts';
import { TAG_INPUT_MESSAGES } from '../../components/TagInput';
import { fail, ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const options = (over: Partial<LoggerOptions> = {}): LoggerOptions => ({ ...DEFAULT_LOGGER_OPTIONS, pending: false, updatedAt: null, ...over });

/** The API as the server keeps it: a save is what the next read answers (applied by then). */
function signIn(permissions?: Permission[], read = ok(options())) {
  let saved: LoggerOptions | null = null;
  return stubSignedIn(makeAccount(permissions ? { permissions } : {}), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/session-settings': ok({ ...DEFAULT_SESSION_SETTINGS, pending: false, updatedAt: null }),
    'GET /api/client/logger-options': () => (saved ? ok({ ...saved, pending: false }) : read),
    'POST /api/client/logger-options': (req) => {
      saved = { ...options(), ...(req.body as LoggerOptions), pending: true, updatedAt: 1 };
      return ok(saved);
    },
  });
}

afterEach(() => notifications.clean());

describe('Logger options (on /client/sessions-listing)', () => {
  it("shows the spec's defaults: no address or domain limits, input mode plain, nothing obscured", async () => {
    signIn();
    renderApp('/client/sessions-listing');
    expect(await screen.findByRole('heading', { name: 'Logger options' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Default input mode' })).toHaveValue('Plain');
    expect(screen.getByRole('switch', { name: 'Obscure e-mail addresses' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Obscure numbers' })).not.toBeChecked();
    expect(screen.queryByRole('list', { name: 'IP whitelist' })).not.toBeInTheDocument();
  });

  it('adds tags on Enter under each list its own rule, refuses bad ones saying why, removes them, and saves with a toast', async () => {
    const api = signIn();
    renderApp('/client/sessions-listing');
    const user = userEvent.setup();
    const ips = await screen.findByRole('textbox', { name: 'IP whitelist' });
    await user.type(ips, '10.0.0.0/33{Enter}');
    expect(await screen.findByText(LOGGER_OPTIONS_MESSAGES.ip('10.0.0.0/33'))).toBeInTheDocument();
    await user.clear(ips);
    await user.type(ips, '203.0.113.0/24{Enter}');
    await user.type(ips, '{Enter}');
    await user.type(ips, '2001:db8::1{Enter}');
    expect(
      within(screen.getByRole('list', { name: 'IP whitelist' }))
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['203.0.113.0/24', '2001:db8::1']);
    await user.type(ips, '203.0.113.0/24{Enter}');
    expect(await screen.findByText(TAG_INPUT_MESSAGES.duplicate)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove 2001:db8::1' }));

    const domains = screen.getByRole('textbox', { name: 'Allowed domains' });
    await user.type(domains, 'https://shop.example.com{Enter}');
    expect(await screen.findByText(LOGGER_OPTIONS_MESSAGES.domain('https://shop.example.com'))).toBeInTheDocument();
    await user.clear(domains);
    await user.type(domains, '*.example.com{Enter}');

    await user.click(screen.getByRole('textbox', { name: 'Default input mode' }));
    await user.click(await screen.findByRole('option', { name: 'Obscured' }));
    await user.click(screen.getByRole('switch', { name: 'Obscure numbers' }));
    expect(api.callsTo('POST /api/client/logger-options')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save logger options' }));
    await waitFor(() => expect(api.callsTo('POST /api/client/logger-options')).toHaveLength(1));
    expect(api.callsTo('POST /api/client/logger-options')[0]!.body).toEqual({
      ipWhitelist: ['203.0.113.0/24'],
      allowedDomains: ['*.example.com'],
      defaultInputMode: 1,
      obscureEmailData: false,
      obscureNumericData: true,
    });
    expect(await screen.findByText(LOGGER_OPTIONS_MESSAGES.saved)).toBeInTheDocument();
  });

  it("shows the server's reason when a save fails", async () => {
    stubSignedIn(makeAccount(), makeJwt(), {
      'GET /api/public-config': ok(publicConfig),
      'GET /api/client/logger-options': ok(options()),
      'POST /api/client/logger-options': fail(403, 'Logger options apply to every instance of the account: your role must cover all instances to change them.'),
    });
    renderApp('/client/sessions-listing');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save logger options' }));
    expect(await screen.findByText(/Logger options apply to every instance/)).toBeInTheDocument();
  });

  it('shows a member who may only read the options, disabled and without a Save', async () => {
    signIn(['VIEW_INSTANCES'], ok(options({ ipWhitelist: ['203.0.113.7'], obscureEmailData: true })));
    renderApp('/client/sessions-listing');
    expect(await screen.findByRole('textbox', { name: 'IP whitelist' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Obscure e-mail addresses' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Obscure e-mail addresses' })).toBeDisabled();
    expect(within(screen.getByRole('list', { name: 'IP whitelist' })).getByText('203.0.113.7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove 203.0.113.7' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save logger options' })).not.toBeInTheDocument();
  });

  it('says when the options are still being applied', async () => {
    signIn(undefined, ok(options({ pending: true, updatedAt: 5 })));
    renderApp('/client/sessions-listing');
    expect(await screen.findByText(LOGGER_OPTIONS_MESSAGES.pending)).toBeInTheDocument();
  });
});
