import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES, MFA_MESSAGES } from '@replay/contracts';
import { failWith, ok, stubApi, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { makeMember, makeRole, ownerRole, selfMember } from '../../test/team-fixtures';

const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);

describe('Account › Profile › Two-factor authentication', () => {
  it('sets up an authenticator after a fresh proof: QR code and key, first code, recovery codes shown once', async () => {
    let started = 0;
    const api = stubSignedIn(makeAccount(), makeJwt(), {
      'GET /api/public-config': ok(publicConfig),
      'GET /api/account/mfa': ok({ totp: false, recoveryCodesLeft: 0 }),
      'GET /api/account/mfa/webauthn': ok({ credentials: [] }),
      // The session proved itself long ago: the first try asks for a fresh proof.
      'POST /api/account/mfa/totp': () =>
        ++started === 1
          ? failWith('fresh_proof_required', MFA_MESSAGES.freshProofRequired)
          : ok({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Replay:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Replay' }),
      'POST /api/account/reauth': ok({ provenUntil: Date.now() + 300_000 }),
      'POST /api/account/mfa/totp/verify': ok({ recoveryCodes: CODES }),
    });
    renderApp('/account/profile');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    await user.click(await within(section).findByRole('button', { name: 'Set up two-factor authentication' }));

    const proof = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(proof).getByLabelText('Password'), 'Str0ng!Passw0rd');
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    expect(api.callsTo('POST /api/account/reauth')[0]!.body).toEqual({ password: 'Str0ng!Passw0rd' });

    expect(await within(section).findByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(api.callsTo('POST /api/account/mfa/totp')).toHaveLength(2);
    await user.type(within(section).getByRole('textbox', { name: /6-digit code/ }), '123456');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(api.callsTo('POST /api/account/mfa/totp/verify')[0]!.body).toEqual({ code: '123456' });
  });
});

describe('Login with a second factor', () => {
  it('asks for the code after the password, then signs in with the answer of the second step', async () => {
    const account = makeAccount();
    const api = stubApi({
      'GET /api/public-config': ok(publicConfig),
      'POST /api/login': ok({ mfaRequired: true, mfaToken: 'challenge-token' }),
      'POST /api/login/mfa': (req) => ((req.body as { code: string }).code === '000000' ? failWith('unauthenticated', MFA_MESSAGES.invalidCode) : ok({ user: account, jwt: makeJwt() })),
      'GET /api/managed-saas/instances': ok({ instances: [], total: 0 }),
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!Passw0rd');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const code = await screen.findByRole('textbox', { name: 'Authentication code' });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MFA_MESSAGES.invalidCode)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Instances' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/login/mfa').at(-1)!.body).toEqual({ mfaToken: 'challenge-token', code: '123456' });
  });
});

describe('Team › resetting a member’s second factor', () => {
  it('asks for a confirmation naming the member, then resets it', async () => {
    const grace = makeMember();
    const api = stubSignedIn(makeAccount(), makeJwt(), {
      'GET /api/public-config': ok(publicConfig),
      'GET /api/client/members': ok({ users: [selfMember(), grace], total: 2 }),
      'GET /api/client/roles': ok([ownerRole(), makeRole()]),
      'GET /api/limits': ok({ teamMember: { limit: 50, remaining: 48 }, sites: { limit: 10, remaining: 10 } }),
      [`DELETE /api/client/members/${grace.userId}/mfa`]: ok({ ok: true }),
    });
    renderApp('/members');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Reset two-factor authentication of ${grace.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor authentication' });
    expect(dialog).toHaveTextContent(grace.email);
    expect(api.callsTo(`DELETE /api/client/members/${grace.userId}/mfa`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Two-factor authentication reset.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/client/members/${grace.userId}/mfa`)).toHaveLength(1);
    // Nobody resets their own from the Team screen: the profile has its own switch.
    expect(screen.queryByRole('button', { name: `Reset two-factor authentication of ${selfMember().name}` })).not.toBeInTheDocument();
  });
});

describe('An account that requires a second factor', () => {
  it('opens only the set-up for a member without one, then the console once the recovery codes are put away', async () => {
    let enrolled = false;
    stubSignedIn(makeAccount({ mfaRequired: true, mfaEnrolmentRequired: true }), makeJwt(), {
      'GET /api/public-config': ok(publicConfig),
      'GET /api/account': () => ok(makeAccount({ mfaRequired: true, mfaEnrolmentRequired: !enrolled })),
      'GET /api/account/mfa': () => ok({ totp: enrolled, recoveryCodesLeft: enrolled ? 10 : 0 }),
      'GET /api/account/mfa/webauthn': ok({ credentials: [] }),
      'POST /api/account/mfa/totp': ok({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Replay:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }),
      'POST /api/account/mfa/totp/verify': () => {
        enrolled = true;
        return ok({ recoveryCodes: CODES });
      },
    });
    renderApp('/instances');
    const user = userEvent.setup();
    expect(await screen.findByText(AUTH_MESSAGES.mfaEnrolmentRequired)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Instances' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    await user.type(await screen.findByRole('textbox', { name: /6-digit code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await screen.findByRole('list', { name: 'Recovery codes' });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { name: 'Instances' })).toBeInTheDocument();
  });
});
