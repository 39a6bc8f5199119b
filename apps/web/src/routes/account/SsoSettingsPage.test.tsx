import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_SSO_LABELS, ACCOUNT_SSO_MESSAGES } from '@replay/contracts';
import { fail, ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt } from '../../test/fixtures';
import { locationNow, renderApp } from '../../test/render';
import { ROLE, SP_CERT, base, oidcConnection, owner, samlConnection, serviceProvider, settings } from './sso-fixtures';

afterEach(() => vi.restoreAllMocks());

describe('Account › Single sign-on: the connection', () => {
  it('gives the values for the IdP, says SSO is not set up, and is the Account area’s tab', async () => {
    stubSignedIn(owner, makeJwt(), { ...base, 'GET /api/client/sso': ok(settings()) });
    renderApp('/client/sso');
    expect(await screen.findByRole('heading', { name: 'Single sign-on is not set up' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Single sign-on', selected: true })).toBeInTheDocument();
    const values = screen.getByRole('table', { name: 'Values for your identity provider' });
    for (const value of Object.values(serviceProvider)) expect(within(values).getByText(value)).toBeInTheDocument();
    expect(within(values).getByRole('button', { name: 'Copy OIDC redirect URI' })).toBeInTheDocument();
    expect(screen.getByText('No domains yet')).toBeInTheDocument();
  });

  it('gives the console’s SAML signing certificate, and the metadata that names it, once a SAML connection is saved', async () => {
    stubSignedIn(owner, makeJwt(), { ...base, 'GET /api/client/sso': ok(settings({ connection: samlConnection() })) });
    renderApp('/client/sso');
    const values = await screen.findByRole('table', { name: 'Values for your identity provider' });
    expect(within(values).getByText(`${serviceProvider.samlEntityId}?connection=${samlConnection().id}`)).toBeInTheDocument();
    expect(within(values).getByText((_text, node) => node?.tagName === 'CODE' && node.textContent === SP_CERT)).toBeInTheDocument();
    expect(within(values).getByRole('button', { name: 'Copy SAML SP signing certificate' })).toBeInTheDocument();
  });

  it('sets up OIDC: the server’s 400 goes beside its field, then it saves with the secret', async () => {
    let answer = fail(400, ACCOUNT_SSO_MESSAGES.notUrl(ACCOUNT_SSO_LABELS.issuer));
    const api = stubSignedIn(owner, makeJwt(), { ...base, 'GET /api/client/sso': ok(settings()), 'PUT /api/client/sso': () => answer });
    renderApp('/client/sso');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up single sign-on' }));
    await user.type(await screen.findByRole('textbox', { name: ACCOUNT_SSO_LABELS.issuer }), 'https://idp.acme.example');
    await user.type(screen.getByRole('textbox', { name: ACCOUNT_SSO_LABELS.clientId }), 'replay-console');
    await user.type(screen.getByLabelText(/^Client secret/, { selector: 'input' }), 's3cret');
    expect(screen.getByRole('combobox', { name: ACCOUNT_SSO_LABELS.defaultRole })).toHaveValue(ROLE.viewer);
    await user.click(screen.getByRole('button', { name: 'Add group role' }));
    await user.type(screen.getByRole('textbox', { name: 'IdP group 1' }), 'devs');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of IdP group 1' }), 'Developer');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(ACCOUNT_SSO_MESSAGES.notUrl(ACCOUNT_SSO_LABELS.issuer))).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: ACCOUNT_SSO_LABELS.issuer })).toHaveAttribute('aria-invalid', 'true');

    answer = ok(settings({ connection: oidcConnection() }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/Single sign-on settings saved/)).toBeInTheDocument();
    expect(api.callsTo('PUT /api/client/sso').at(-1)?.body).toEqual({
      protocol: 'oidc',
      issuer: 'https://idp.acme.example',
      clientId: 'replay-console',
      clientSecret: 's3cret',
      defaultRoleId: ROLE.viewer,
      groupRoles: [{ group: 'devs', roleId: ROLE.developer }],
    });
    expect(await screen.findByText(/^Set\. Leave blank to keep it/)).toBeInTheDocument();
  });

  it('checks the fields before sending: SAML needs a PEM certificate, a group row needs a role', async () => {
    const api = stubSignedIn(owner, makeJwt(), { ...base, 'GET /api/client/sso': ok(settings()) });
    renderApp('/client/sso');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up single sign-on' }));
    await user.click(await screen.findByRole('radio', { name: 'SAML 2.0' }));
    await user.type(screen.getByRole('textbox', { name: ACCOUNT_SSO_LABELS.entryPoint }), 'https://idp.acme.example/sso');
    await user.type(screen.getByRole('textbox', { name: ACCOUNT_SSO_LABELS.idpEntityId }), 'https://idp.acme.example');
    await user.type(screen.getByRole('textbox', { name: ACCOUNT_SSO_LABELS.idpCert }), 'not a certificate');
    await user.click(screen.getByRole('button', { name: 'Add group role' }));
    await user.type(screen.getByRole('textbox', { name: 'IdP group 1' }), 'devs');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(ACCOUNT_SSO_MESSAGES.notPem)).toBeInTheDocument();
    expect(screen.getByText('Choose a role for each IdP group.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove IdP group 1' }));
    expect(screen.queryByRole('textbox', { name: 'IdP group 1' })).not.toBeInTheDocument();
    expect(api.callsTo('PUT /api/client/sso')).toHaveLength(0);
  });

  it('saves SAML with the IdP’s single logout URL, which must be a web address when given', async () => {
    const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ2VydA==\n-----END CERTIFICATE-----';
    const api = stubSignedIn(owner, makeJwt(), { ...base, 'GET /api/client/sso': ok(settings()), 'PUT /api/client/sso': ok(settings({ connection: oidcConnection() })) });
    renderApp('/client/sso');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up single sign-on' }));
    await user.click(await screen.findByRole('radio', { name: 'SAML 2.0' }));
    await user.type(screen.getByRole('textbox', { name: ACCOUNT_SSO_LABELS.entryPoint }), 'https://idp.acme.example/sso');
    await user.type(screen.getByRole('textbox', { name: ACCOUNT_SSO_LABELS.idpEntityId }), 'https://idp.acme.example');
    await user.click(screen.getByRole('textbox', { name: ACCOUNT_SSO_LABELS.idpCert }));
    await user.paste(PEM);
    const logout = screen.getByRole('textbox', { name: ACCOUNT_SSO_LABELS.logoutUrl });
    await user.type(logout, 'idp.acme.example/slo');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(ACCOUNT_SSO_MESSAGES.notUrl(ACCOUNT_SSO_LABELS.logoutUrl))).toBeInTheDocument();
    expect(api.callsTo('PUT /api/client/sso')).toHaveLength(0);
    await user.clear(logout);
    await user.type(logout, 'https://idp.acme.example/slo');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.callsTo('PUT /api/client/sso')).toHaveLength(1));
    expect(api.callsTo('PUT /api/client/sso')[0]?.body).toEqual({
      protocol: 'saml',
      entryPoint: 'https://idp.acme.example/sso',
      logoutUrl: 'https://idp.acme.example/slo',
      idpEntityId: 'https://idp.acme.example',
      idpCert: PEM,
      defaultRoleId: ROLE.viewer,
      groupRoles: [],
    });
  });

  it('keeps the saved secret when left blank; the Owner role is never offered', async () => {
    const api = stubSignedIn(owner, makeJwt(), {
      ...base,
      'GET /api/client/sso': ok(settings({ connection: oidcConnection() })),
      'PUT /api/client/sso': ok(settings({ connection: oidcConnection() })),
    });
    renderApp('/client/sso');
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: ACCOUNT_SSO_LABELS.defaultRole });
    expect(within(select).queryByRole('option', { name: 'Owner' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'IdP group 1' })).toHaveValue('devs');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.callsTo('PUT /api/client/sso')).toHaveLength(1));
    expect(api.callsTo('PUT /api/client/sso')[0]?.body).not.toHaveProperty('clientSecret');
  });

  it('removes the connection only after a confirmation', async () => {
    const api = stubSignedIn(owner, makeJwt(), { ...base, 'GET /api/client/sso': ok(settings({ connection: oidcConnection() })), 'DELETE /api/client/sso': ok({ ok: true }) });
    renderApp('/client/sso');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove single sign-on' });
    expect(dialog).toHaveTextContent('Your claimed domains are kept.');
    expect(api.callsTo('DELETE /api/client/sso')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Single sign-on removed')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/client/sso')).toHaveLength(1);
  });
});

describe('Account › Single sign-on: test sign-in', () => {
  it('starts the test and follows the IdP address the server names', async () => {
    stubSignedIn(owner, makeJwt(), {
      ...base,
      'GET /api/client/sso': ok(settings({ connection: oidcConnection() })),
      'POST /api/client/sso/test': ok({ redirectUrl: 'https://idp.acme.example/auth?state=s' }),
    });
    const assign = vi.fn();
    renderApp('/client/sso');
    expect(await screen.findByTestId('sso-last-test')).toHaveTextContent('No test sign-in yet.');
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Test sign-in' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.acme.example/auth?state=s'));
  });

  it('announces the returned result, then takes ?test= out of the address', async () => {
    const lastTest = { at: Date.now(), passed: true, detail: 'Signed in as boss@acme.example, groups: devs.' };
    stubSignedIn(owner, makeJwt(), { ...base, 'GET /api/client/sso': ok(settings({ connection: oidcConnection({ state: 'tested', lastTest }) })) });
    renderApp('/client/sso?test=passed');
    expect(await screen.findByText('The test sign-in passed')).toBeInTheDocument();
    expect(screen.getAllByText(/Signed in as boss@acme\.example, groups: devs\./).length).toBeGreaterThan(0);
    await waitFor(() => expect(locationNow()).toBe('/client/sso'));
  });

  it('asks for a save first when the form holds changes', async () => {
    stubSignedIn(owner, makeJwt(), { ...base, 'GET /api/client/sso': ok(settings({ connection: oidcConnection() })) });
    renderApp('/client/sso');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: ACCOUNT_SSO_LABELS.clientId }), '-2');
    expect(screen.getByRole('button', { name: 'Test sign-in' })).toBeDisabled();
    expect(screen.getByText(/Save your changes first/)).toBeInTheDocument();
  });
});

describe('Account › Single sign-on: who may open it', () => {
  it('tells a member without the owner’s rights why, without asking the server', async () => {
    const api = stubSignedIn(makeAccount({ permissions: ['VIEW_INSTANCES'] }), makeJwt(), base);
    renderApp('/client/sso');
    expect(await screen.findByText(ACCOUNT_SSO_MESSAGES.ownerOnly)).toBeInTheDocument();
    expect(api.callsTo('GET /api/client/sso')).toHaveLength(0);
  });

  it('tells an admin who is not the owner why, as the server answers', async () => {
    stubSignedIn(makeAccount({ permissions: ['VIEW_MEMBERS', 'EDIT_MEMBERS'] }), makeJwt(), { ...base, 'GET /api/client/sso': fail(403, ACCOUNT_SSO_MESSAGES.ownerOnly) });
    renderApp('/client/sso');
    expect(await screen.findByText(ACCOUNT_SSO_MESSAGES.ownerOnly)).toBeInTheDocument();
  });

  it('says what failed to load, and tries again', async () => {
    let answer = fail(500, 'Internal error.');
    stubSignedIn(owner, makeJwt(), { ...base, 'GET /api/client/sso': () => answer });
    renderApp('/client/sso');
    expect(await screen.findByText(/The single sign-on settings could not be loaded/)).toBeInTheDocument();
    answer = ok(settings());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Single sign-on is not set up' })).toBeInTheDocument();
  });
});
