import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES } from '@replay/contracts';
import { fail, failWith, ok, stubApi } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { locationNow, renderApp } from '../../test/render';
import { RESET_LINK_CHECK_FAILED } from './NewPasswordForm';

/**
 * The mailed reset link's page (issue 42): it asks whether the link still works as it opens,
 * as the invitation page does, so a used or expired link says so before a password is typed.
 */
function anonymous(handlers: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/refresh': fail(401, 'No session.'),
    'GET /api/public-config': ok(publicConfig),
    'GET /api/password/reset/tok': ok({ expiresAt: Date.now() + 3_600_000 }),
    'POST /api/password/reset': ok({ user: makeAccount(), jwt: makeJwt() }),
    ...handlers,
  });
}

describe('the reset link’s page', () => {
  it('shows the form for a link that works, and sets the password', async () => {
    const api = anonymous();
    renderApp('/reset-password?token=tok');
    expect(await screen.findByRole('heading', { name: 'Set a New Password' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New Password'), 'Brand!New1pass');
    await user.type(screen.getByLabelText('Repeat New Password'), 'Brand!New1pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(api.callsTo('POST /api/password/reset')).toHaveLength(1));
    expect(api.callsTo('GET /api/password/reset/tok')).toHaveLength(1);
  });

  it('says at once that a used or expired link no longer works: no form, the way to a new link', async () => {
    const api = anonymous({ 'GET /api/password/reset/tok': failWith('not_found', AUTH_MESSAGES.resetTokenInvalid) });
    renderApp('/reset-password?token=tok');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetTokenInvalid);
    expect(screen.queryByLabelText('New Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset Password' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    await waitFor(() => expect(locationNow()).toBe('/reset-password'));
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/password/reset')).toEqual([]);
  });

  it('says when the link could not be checked, rather than a form that may fail', async () => {
    anonymous({ 'GET /api/password/reset/tok': fail(500) });
    renderApp('/reset-password?token=tok');
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_LINK_CHECK_FAILED);
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });
});
