import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureSessionParams, readSessionParams } from '../../features/auth/url-params';
import { rememberPath, takePostLoginPath } from '../../features/auth/last-path';
import { tokenStore } from '../../lib/api';
import { fail, ok, setSessionHint, stubApi, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { locationNow, renderApp } from '../../test/render';

const config = { 'GET /api/public-config': ok(publicConfig) };

function anonymous(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({ 'GET /api/refresh': fail(401, 'No session.'), ...config, ...extra });
}

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email Address'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password', { exact: true }), 'Secret-pass1');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('session params', () => {
  it('keeps jwt and iframe for the browser session and takes the token out of the address', () => {
    window.history.replaceState(null, '', '/instances?jwt=abc.def.ghi&iframe=true&x=1');
    const params = captureSessionParams();
    expect(params).toEqual({ jwt: 'abc.def.ghi', iframe: true });
    expect(window.location.search).toBe('?iframe=true&x=1');
    expect(readSessionParams()).toEqual({ jwt: 'abc.def.ghi', iframe: true });
    window.history.replaceState(null, '', '/instances');
    expect(captureSessionParams()).toEqual({ jwt: 'abc.def.ghi', iframe: true });
  });
});

describe('last path', () => {
  it('remembers paths with their query, never the login route, and forgets after use', () => {
    rememberPath('/billing?tab=invoices');
    rememberPath('/login');
    expect(takePostLoginPath()).toBe('/billing?tab=invoices');
    expect(takePostLoginPath()).toBe('/instances');
  });

  it('ignores base routes', () => {
    rememberPath('/signup');
    expect(takePostLoginPath()).toBe('/instances');
  });
});

describe('session', () => {
  it('shows the login screen without a session', async () => {
    anonymous();
    renderApp('/instances');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(locationNow()).toBe('/login');
  });

  it('asks for no token without the session hint: a visit without a session makes no call that fails', async () => {
    const api = stubSignedIn(makeAccount(), makeJwt(), config);
    setSessionHint(false);
    renderApp('/instances');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/refresh')).toHaveLength(0);
  });

  it('shows a loading state while the user info loads', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    const api = stubApi({
      ...config,
      'GET /api/refresh': ok({ jwt: makeJwt() }),
      'GET /api/account': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/instances');
    await waitFor(() => expect(api.callsTo('GET /api/account')).toHaveLength(1));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    answer(ok(makeAccount()));
    expect(await screen.findByRole('heading', { name: 'Instances' })).toBeInTheDocument();
  });

  it('restores the session across reloads with the refresh cookie', async () => {
    const jwt = makeJwt();
    const api = stubSignedIn(makeAccount(), jwt, config);
    renderApp('/account/profile');
    expect(await screen.findByLabelText('Name', { exact: true })).toHaveValue('Ada Owner');
    expect(api.callsTo('GET /api/refresh')).toHaveLength(1);
    expect(api.callsTo('GET /api/account')[0]?.authorization).toBe(`Bearer ${jwt}`);
  });

  it('takes a jwt URL parameter as the session token when not logged in', async () => {
    const jwt = makeJwt(900, 'handed-over');
    const api = stubApi({ ...config, 'GET /api/account': ok(makeAccount()) });
    renderApp('/instances', { jwt, iframe: false });
    expect(await screen.findByRole('heading', { name: 'Instances' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/refresh')).toHaveLength(0);
    expect(api.callsTo('GET /api/account')[0]?.authorization).toBe(`Bearer ${jwt}`);
  });

  it('hides the header and menu in iframe mode', async () => {
    stubSignedIn(makeAccount(), makeJwt(), config);
    renderApp('/instances', { jwt: null, iframe: true });
    expect(await screen.findByRole('heading', { name: 'Instances' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button', { name: /account menu/i })).toBeNull();
  });

  it('goes to the remembered path after login, and forgets it', async () => {
    anonymous({ 'POST /api/login': ok({ user: makeAccount(), jwt: makeJwt() }) });
    renderApp('/billing?tab=invoices');
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Login' });
    expect(localStorage.getItem('console.lastPath')).toBe('/billing?tab=invoices');
    await logIn(user);
    expect(await screen.findByRole('heading', { name: 'Billing', level: 1 })).toBeInTheDocument();
    expect(locationNow()).toBe('/billing?tab=invoices');
    expect(localStorage.getItem('console.lastPath')).toBeNull();
  });

  it('goes to the instances list after login when nothing (or a base route) was remembered', async () => {
    const api = anonymous({ 'POST /api/login': ok({ user: makeAccount(), jwt: makeJwt() }) });
    renderApp('/login');
    const user = userEvent.setup();
    await logIn(user);
    expect(await screen.findByRole('heading', { name: 'Instances' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/login')[0]?.body).toEqual({ email: 'ada@example.com', password: 'Secret-pass1' });
  });

  it('shows the login error from the server', async () => {
    anonymous({ 'POST /api/login': fail(401, 'Invalid email or password.') });
    renderApp('/login');
    const user = userEvent.setup();
    await logIn(user);
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();
  });

  it('ends the session when the server says it is no longer valid (401), and comes back after login', async () => {
    const account = makeAccount();
    let valid = true;
    stubApi({
      ...config,
      'GET /api/refresh': () => (valid ? ok({ jwt: makeJwt() }) : fail(401, 'No session.')),
      'GET /api/account': () => (valid ? ok(account) : fail(401, 'Expired.')),
      'POST /api/account': () => (valid ? ok(account) : fail(401, 'Expired.')),
      'POST /api/login': ok({ user: account, jwt: makeJwt() }),
    });
    renderApp('/account/profile');
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Name', { exact: true });
    valid = false;
    await user.type(name, 'x');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();
    valid = true;
    await logIn(user);
    await waitFor(() => expect(locationNow()).toBe('/account/profile'));
  });

  it('asks an account flagged changePassword for a new password first', async () => {
    const flagged = makeAccount({ changePassword: true });
    stubSignedIn(flagged, makeJwt(), { ...config, 'POST /api/account/password': ok({ ...flagged, changePassword: false }) });
    renderApp('/instances');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Old Password:'), 'Old-pass1');
    await user.type(screen.getByLabelText('New Password:'), 'New-pass2!');
    await user.type(screen.getByLabelText('Repeat New Password:'), 'New-pass2!');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('heading', { name: 'Instances' })).toBeInTheDocument();
  });
});
