import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, WEBAUTHN_MESSAGES } from '@replay/contracts';
import { failWith, ok, stubApi, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { PASSKEY_PROMPT_FAILED } from './webauthn-api';

// The browser's prompt stands in: jsdom has no authenticator.
const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);
const REGISTRATION = { id: 'cred', rawId: 'cred', type: 'public-key', response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' }, clientExtensionResults: {} };
const ASSERTION = { id: 'cred', rawId: 'cred', type: 'public-key', response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' }, clientExtensionResults: {} };
const KEY = { id: '11111111-1111-4111-8111-111111111111', name: 'YubiKey', createdAt: Date.UTC(2026, 0, 5, 10), lastUsedAt: null };

describe('Account › Profile › Passkeys and security keys', () => {
  it('adds a named key through the browser’s prompt, shows the recovery codes of a first factor, lists it, and removes it after a confirmation', async () => {
    let keys: (typeof KEY)[] = [];
    browser.startRegistration.mockResolvedValue(REGISTRATION);
    const api = stubSignedIn(makeAccount(), makeJwt(), {
      'GET /api/public-config': ok(publicConfig),
      'GET /api/account/mfa': () => ok({ totp: false, recoveryCodesLeft: keys.length ? 10 : 0 }),
      'GET /api/account/mfa/webauthn': () => ok({ credentials: keys }),
      'POST /api/account/mfa/webauthn/registration-options': ok({ challenge: 'challenge-1', rp: { id: 'localhost', name: 'Replay' } }),
      'POST /api/account/mfa/webauthn': () => {
        keys = [KEY];
        return ok({ credential: KEY, recoveryCodes: CODES });
      },
      [`DELETE /api/account/mfa/webauthn/${KEY.id}`]: () => {
        keys = [];
        return ok({ ok: true });
      },
    });
    renderApp('/account/profile');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(await within(section).findByText(/No passkey or security key yet/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Add a passkey or security key' }));
    const form = within(section).getByRole('form', { name: 'Add a passkey or security key' });
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await within(form).findByText(MESSAGES.required)).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Name of the passkey/), 'YubiKey');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));

    const codes = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'challenge-1', rp: { id: 'localhost', name: 'Replay' } } });
    expect(api.callsTo('POST /api/account/mfa/webauthn')[0]!.body).toEqual({ name: 'YubiKey', response: REGISTRATION });
    await user.click(within(section).getByRole('button', { name: 'Done' }));

    const table = await within(section).findByRole('table', { name: 'Passkeys and security keys' });
    expect(within(table).getByText('YubiKey')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();
    expect(within(section).getByText(/signing in asks for one of your passkeys or security keys/)).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Remove YubiKey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this passkey or security key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(section).findByText(/No passkey or security key yet/)).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/account/mfa/webauthn/${KEY.id}`)).toHaveLength(1);
  });

  it('says so when the browser’s prompt was cancelled, and adds nothing', async () => {
    browser.startRegistration.mockRejectedValue(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    const api = stubSignedIn(makeAccount(), makeJwt(), {
      'GET /api/public-config': ok(publicConfig),
      'GET /api/account/mfa': ok({ totp: false, recoveryCodesLeft: 0 }),
      'GET /api/account/mfa/webauthn': ok({ credentials: [] }),
      'POST /api/account/mfa/webauthn/registration-options': ok({ challenge: 'challenge-1' }),
    });
    renderApp('/account/profile');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    await user.click(await within(section).findByRole('button', { name: 'Add a passkey or security key' }));
    await user.type(within(section).getByLabelText(/Name of the passkey/), 'Laptop');
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    expect(await within(section).findByText(PASSKEY_PROMPT_FAILED)).toBeInTheDocument();
    expect(api.callsTo('POST /api/account/mfa/webauthn')).toHaveLength(0);
  });
});

describe('Login with a passkey or security key', () => {
  it('offers the key beside the code when the member has one, and signs in with the answer', async () => {
    const account = makeAccount();
    browser.startAuthentication.mockRejectedValueOnce(new Error('NotAllowedError')).mockResolvedValue(ASSERTION);
    let tries = 0;
    const api = stubApi({
      'GET /api/public-config': ok(publicConfig),
      'POST /api/login': ok({ mfaRequired: true, mfaToken: 'challenge-token', passkey: true }),
      'POST /api/login/mfa/webauthn/options': ok({ challenge: 'login-challenge', allowCredentials: [{ id: 'cred', type: 'public-key' }] }),
      'POST /api/login/mfa/webauthn': () => (++tries === 1 ? failWith('unauthenticated', WEBAUTHN_MESSAGES.notVerified) : ok({ user: account, jwt: makeJwt() })),
      'GET /api/managed-saas/instances': ok({ instances: [], total: 0 }),
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!Passw0rd');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const useKey = await screen.findByRole('button', { name: 'Use a passkey or security key' });
    expect(screen.getByRole('textbox', { name: 'Authentication code' })).toBeInTheDocument();
    await user.click(useKey);
    expect(await screen.findByText(PASSKEY_PROMPT_FAILED)).toBeInTheDocument();
    await user.click(useKey);
    expect(await screen.findByText(WEBAUTHN_MESSAGES.notVerified)).toBeInTheDocument();
    await user.click(useKey);
    expect(await screen.findByRole('heading', { name: 'Instances' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/login/mfa/webauthn').at(-1)!.body).toEqual({ mfaToken: 'challenge-token', response: ASSERTION });
    expect(api.callsTo('POST /api/login/mfa/webauthn/options').at(-1)!.body).toEqual({ mfaToken: 'challenge-token' });
  });

  it('offers only the code to a member without a key', async () => {
    stubApi({
      'GET /api/public-config': ok(publicConfig),
      'POST /api/login': ok({ mfaRequired: true, mfaToken: 'challenge-token' }),
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!Passw0rd');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('textbox', { name: 'Authentication code' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a passkey or security key' })).not.toBeInTheDocument();
  });
});
