import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MFA_MESSAGES, WEBAUTHN_MESSAGES } from '@replay/contracts';
import { failWith, ok, stubSignedIn, type StubResponse } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

// The browser's prompt stands in: jsdom has no authenticator.
const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const ASSERTION = { id: 'cred', rawId: 'cred', type: 'public-key', response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' }, clientExtensionResults: {} };
const KEY = { id: '11111111-1111-4111-8111-111111111111', name: 'YubiKey', createdAt: Date.UTC(2026, 0, 5, 10), lastUsedAt: null };

/** The profile with `keys` registered; removing the first key asks for a fresh proof once. */
function profileAskingForProof(registered: (typeof KEY)[], reauth: (body: unknown) => StubResponse) {
  let keys = registered;
  let removals = 0;
  return stubSignedIn(makeAccount(), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/account/mfa': ok({ totp: true, recoveryCodesLeft: 10 }),
    'GET /api/account/mfa/webauthn': () => ok({ credentials: keys }),
    'POST /api/account/reauth/webauthn-options': ok({ challenge: 'reauth-challenge', allowCredentials: [{ id: 'cred', type: 'public-key' }] }),
    'POST /api/account/reauth': (req) => reauth(req.body),
    [`DELETE /api/account/mfa/webauthn/${KEY.id}`]: () => {
      if (++removals === 1) return failWith('fresh_proof_required', MFA_MESSAGES.freshProofRequired);
      keys = [];
      return ok({ ok: true });
    },
  });
}

async function removeKeyAndFindProofDialog() {
  renderApp('/account/profile');
  const user = userEvent.setup();
  const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
  const table = await within(section).findByRole('table', { name: 'Passkeys and security keys' });
  await user.click(within(table).getByRole('button', { name: 'Remove YubiKey' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Remove this passkey or security key?' })).getByRole('button', { name: 'Remove' }));
  return { user, proof: await screen.findByRole('dialog', { name: 'Confirm it is you' }) };
}

describe('Confirming it is you with a passkey or security key', () => {
  it('offers the key when the member has one, proves with the browser’s answer, then makes the waiting call again', async () => {
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    let tries = 0;
    const api = profileAskingForProof([KEY], () => (++tries === 1 ? failWith('bad_request', WEBAUTHN_MESSAGES.notVerified) : ok({ provenUntil: Date.now() + 300_000 })));
    const { user, proof } = await removeKeyAndFindProofDialog();

    const useKey = await within(proof).findByRole('button', { name: 'Use a passkey or security key' });
    expect(within(proof).getByLabelText('Password')).toBeInTheDocument();
    await user.click(useKey);
    expect(await within(proof).findByText(WEBAUTHN_MESSAGES.notVerified)).toBeInTheDocument();
    await user.click(useKey);
    expect(await screen.findByText(/No passkey or security key yet/)).toBeInTheDocument();
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'reauth-challenge', allowCredentials: [{ id: 'cred', type: 'public-key' }] } });
    expect(api.callsTo('POST /api/account/reauth').at(-1)!.body).toEqual({ webauthn: ASSERTION });
    expect(api.callsTo('POST /api/account/reauth/webauthn-options')).toHaveLength(2);
    expect(api.callsTo(`DELETE /api/account/mfa/webauthn/${KEY.id}`)).toHaveLength(2);
  });
});

describe('Confirming it is you without a passkey', () => {
  it('offers the password and the code only', async () => {
    let removals = 0;
    stubSignedIn(makeAccount(), makeJwt(), {
      'GET /api/public-config': ok(publicConfig),
      'GET /api/account/mfa': ok({ totp: true, recoveryCodesLeft: 10 }),
      'GET /api/account/mfa/webauthn': ok({ credentials: [] }),
      'DELETE /api/account/mfa/totp': () => (++removals === 1 ? failWith('fresh_proof_required', MFA_MESSAGES.freshProofRequired) : ok({ ok: true })),
    });
    renderApp('/account/profile');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    await user.click(await within(section).findByRole('button', { name: /Turn off/ }));
    const confirm = await screen.findByRole('dialog', { name: /Turn off/ });
    await user.click(within(confirm).getByRole('button', { name: /Turn off/ }));
    const proof = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(proof).getByLabelText('Password')).toBeInTheDocument();
    expect(await within(proof).findByRole('button', { name: 'Use a two-factor code instead' })).toBeInTheDocument();
    expect(within(proof).queryByRole('button', { name: 'Use a passkey or security key' })).not.toBeInTheDocument();
  });
});
