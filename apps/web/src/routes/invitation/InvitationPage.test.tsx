import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MEMBER_MESSAGES, MESSAGES, type Permission } from '@replay/contracts';
import { fail, ok, stubApi } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { locationNow, renderApp } from '../../test/render';

const info = { email: 'grace@example.com', name: 'Grace', tenantName: 'Analytical Engines', expired: false };

function anonymous(handlers: Parameters<typeof stubApi>[0] = {}, permissions: Permission[] = ['VIEW_INSTANCES']) {
  return stubApi({
    'GET /api/refresh': fail(401, 'No session.'),
    'GET /api/public-config': ok(publicConfig),
    'GET /api/invitations/tok': ok(info),
    'POST /api/invitations/accept': ok({
      user: makeAccount({ userId: 'usr_2', name: 'Grace Hopper', email: info.email, permissions, superAdmin: false, admin: false }),
      jwt: makeJwt(),
    }),
    ...handlers,
  });
}

describe('joining through an invitation', () => {
  it('shows the invited email and organization, then joins and lands on the first screen allowed', async () => {
    const api = anonymous();
    renderApp('/invitation?token=tok');
    expect(await screen.findByRole('heading', { name: 'Join the Team' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveValue('grace@example.com');
    expect(screen.getByLabelText('Organization')).toHaveValue('Analytical Engines');
    const user = userEvent.setup();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('Grace');
    await user.type(name, ' Hopper');
    await user.type(screen.getByLabelText('Password'), 'Str0ng-pass');
    await user.type(screen.getByLabelText('Repeat Password'), 'Str0ng-pass');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(locationNow()).toBe('/instances'));
    expect(api.callsTo('POST /api/invitations/accept')[0]?.body).toEqual({ token: 'tok', name: 'Grace Hopper', password: 'Str0ng-pass' });
  });

  it('lands a member without instance rights on the first menu screen they hold', async () => {
    anonymous({}, ['VIEW_ACTIVITY']);
    renderApp('/invitation?token=tok');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'Str0ng-pass');
    await user.type(screen.getByLabelText('Repeat Password'), 'Str0ng-pass');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(locationNow()).toBe('/activities'));
  });

  it("applies the shared password rules: strength, and 'Passwords don't match'", async () => {
    const api = anonymous();
    renderApp('/invitation?token=tok');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'weakpass');
    await user.type(screen.getByLabelText('Repeat Password'), 'weakpas');
    expect(screen.getByText(MESSAGES.passwordsDontMatch)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join' })).toBeDisabled();
    await user.type(screen.getByLabelText('Repeat Password'), 's');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findAllByText(MESSAGES.passwordStrength)).toHaveLength(2); // the hint and the error
    expect(api.callsTo('POST /api/invitations/accept')).toHaveLength(0);
  });

  it('says an expired link has expired, with a way to login', async () => {
    anonymous({ 'GET /api/invitations/tok': ok({ ...info, expired: true }) });
    renderApp('/invitation?token=tok');
    expect(await screen.findByText(MEMBER_MESSAGES.invitationExpired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('says a used or unknown link is invalid', async () => {
    anonymous({ 'GET /api/invitations/tok': fail(404, MEMBER_MESSAGES.invitationInvalid) });
    renderApp('/invitation?token=tok');
    expect(await screen.findByText(MEMBER_MESSAGES.invitationInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toBeInTheDocument();
  });

  it("shows the server's reason when joining fails", async () => {
    anonymous({ 'POST /api/invitations/accept': fail(400, MEMBER_MESSAGES.invitationExpired) });
    renderApp('/invitation?token=tok');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'Str0ng-pass');
    await user.type(screen.getByLabelText('Repeat Password'), 'Str0ng-pass');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(MEMBER_MESSAGES.invitationExpired)).toBeInTheDocument();
    expect(locationNow()).toBe('/invitation?token=tok');
  });
});
