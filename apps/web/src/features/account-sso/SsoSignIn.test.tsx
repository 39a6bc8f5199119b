import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_SSO_MESSAGES } from '@replay/contracts';
import { fail, ok, stubApi } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

describe('sign-in with SSO', () => {
  it('asks for the work email and sends the browser to the IdP the server names', async () => {
    const api = stubApi({
      'GET /api/refresh': fail(401),
      'GET /api/public-config': ok(publicConfig),
      'POST /api/auth/sso/start': ok({ redirectUrl: 'https://idp.example.com/authorize?state=s' }),
    });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in with SSO' }));
    await user.type(screen.getByLabelText('Work email'), 'Ada@Acme.example');
    await user.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example.com/authorize?state=s'));
    expect(api.callsTo('POST /api/auth/sso/start')[0]?.body).toEqual({ email: 'ada@acme.example' });
    vi.restoreAllMocks();
  });

  it.each([
    ['failed', ACCOUNT_SSO_MESSAGES.signInFailed],
    ['no-seat', ACCOUNT_SSO_MESSAGES.noSeat],
  ] as const)('says why the IdP’s answer signed nobody in (?sso=%s)', async (outcome, message) => {
    stubApi({ 'GET /api/refresh': fail(401), 'GET /api/public-config': ok(publicConfig) });
    renderApp(`/login?sso=${outcome}`);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('says so when the email’s domain has no single sign-on', async () => {
    stubApi({
      'GET /api/refresh': fail(401),
      'GET /api/public-config': ok(publicConfig),
      'POST /api/auth/sso/start': fail(404, ACCOUNT_SSO_MESSAGES.noSsoForEmail),
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in with SSO' }));
    await user.type(screen.getByLabelText('Work email'), 'ada@elsewhere.example');
    await user.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_SSO_MESSAGES.noSsoForEmail);
  });

  it('exchanges the ticket the IdP’s callback handed over for a session', async () => {
    const api = stubApi({
      'GET /api/refresh': fail(401),
      'GET /api/public-config': ok(publicConfig),
      'POST /api/auth/sso/complete': ok({ user: makeAccount(), jwt: makeJwt() }),
    });
    renderApp('/sso/complete#ticket=one-time');
    expect(await screen.findByRole('heading', { name: 'Instances' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/sso/complete')[0]?.body).toEqual({ ticket: 'one-time' });
  });
});
