import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { DEFAULT_SESSION_SETTINGS, SESSION_SETTINGS_MESSAGES, type Permission, type SessionSettings } from '@replay/contracts';
import { fail, ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const settings = (over: Partial<SessionSettings> = {}): SessionSettings => ({ ...DEFAULT_SESSION_SETTINGS, pending: false, updatedAt: null, ...over });

/** The API as the server keeps it: a save is what the next read answers (applied by then). */
function signIn(permissions?: Permission[], read = ok(settings())) {
  let saved: SessionSettings | null = null;
  return stubSignedIn(makeAccount(permissions ? { permissions } : {}), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/session-settings': () => (saved ? ok({ ...saved, pending: false }) : read),
    'POST /api/session-settings': (req) => {
      const body = req.body as Omit<SessionSettings, 'captureRate'> & { captureRate: number | '' };
      saved = { ...settings(), ...body, captureRate: body.captureRate === '' ? 0 : body.captureRate, pending: true, updatedAt: 1 };
      return ok(saved);
    },
  });
}

afterEach(() => notifications.clean());

describe('Session settings (/client/sessions-listing)', () => {
  it("shows the spec's defaults: duration '<' 0 seconds, mouse trail on, capture rate 100", async () => {
    signIn();
    renderApp('/client/sessions-listing');
    expect(await screen.findByRole('heading', { name: 'Session Settings' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Time zone' })).toHaveValue('UTC+00:00');
    expect(screen.getByRole('textbox', { name: 'Duration filter' })).toHaveValue('<');
    expect(screen.getByRole('textbox', { name: 'Duration' })).toHaveValue('0');
    expect(screen.getByRole('textbox', { name: 'Unit' })).toHaveValue('seconds');
    expect(screen.getByRole('textbox', { name: /Capture rate/ })).toHaveValue('100');
    expect(screen.getByRole('switch', { name: 'Mouse trail' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Skip to issue' })).not.toBeChecked();
    expect(screen.getByText('No condition sets')).toBeInTheDocument();
  });

  it("refuses two condition sets of one name with 'Condition set names must be unique', sending nothing", async () => {
    const api = signIn();
    renderApp('/client/sessions-listing');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add condition set' }));
    await user.click(screen.getByRole('button', { name: 'Add condition set' }));
    await user.type(screen.getByRole('textbox', { name: 'Set 1 name' }), 'Checkout');
    await user.type(screen.getByRole('textbox', { name: 'Set 1 URL path' }), '/checkout');
    await user.type(screen.getByRole('textbox', { name: 'Set 2 name' }), 'Checkout');
    await user.type(screen.getByRole('textbox', { name: 'Set 2 user id' }), 'u-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SESSION_SETTINGS_MESSAGES.uniqueNames)).toBeInTheDocument();
    expect(api.callsTo('POST /api/session-settings')).toHaveLength(0);
  });

  it('refuses a capture rate over 100, and sends an empty one as empty (saved as 0)', async () => {
    const api = signIn();
    renderApp('/client/sessions-listing');
    const user = userEvent.setup();
    const rate = await screen.findByRole('textbox', { name: /Capture rate/ });
    await user.clear(rate);
    await user.type(rate, '150');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SESSION_SETTINGS_MESSAGES.captureRate)).toBeInTheDocument();
    expect(api.callsTo('POST /api/session-settings')).toHaveLength(0);

    await user.clear(rate);
    await user.click(screen.getByRole('switch', { name: 'Mouse trail' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/session-settings')).toHaveLength(1));
    expect(api.callsTo('POST /api/session-settings')[0]!.body).toMatchObject({ captureRate: '', mouseTrail: false, durationFilter: { operator: '<', count: 0, unit: 'sec' } });
    expect(await screen.findByText(SESSION_SETTINGS_MESSAGES.saved)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Capture rate/ })).toHaveValue('0');
  });

  it("shows the server's reason when a save fails", async () => {
    stubSignedIn(makeAccount(), makeJwt(), {
      'GET /api/public-config': ok(publicConfig),
      'GET /api/session-settings': ok(settings()),
      'POST /api/session-settings': fail(403, 'Session settings apply to every instance of the account: your role must cover all instances to change them.'),
    });
    renderApp('/client/sessions-listing');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/your role must cover all instances/)).toBeInTheDocument();
  });

  it('shows a member who may only read the settings without a Save', async () => {
    signIn(['VIEW_INSTANCES']);
    renderApp('/client/sessions-listing');
    expect(await screen.findByRole('textbox', { name: /Capture rate/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('offers Retry when the settings cannot be loaded', async () => {
    signIn(undefined, fail(500, 'Internal server error.'));
    renderApp('/client/sessions-listing');
    expect(await screen.findByText(/The session settings could not be loaded/)).toBeInTheDocument();
  });
});
