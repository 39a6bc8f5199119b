import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_SSO_LABELS, ACCOUNT_SSO_MESSAGES } from '@replay/contracts';
import { fail, ok, stubSignedIn } from '../../test/fetch-stub';
import { makeJwt } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { DOMAIN_ID, NOW, base, domain, oidcConnection, owner, settings } from './sso-fixtures';

const pending = domain({ status: 'pending', verifiedAt: null, codeExpiresAt: NOW + 86_400_000 });

describe('Account › Single sign-on: domains', () => {
  it('claims a domain by an address there: the code is mailed, the claim pending', async () => {
    let current = settings();
    const api = stubSignedIn(owner, makeJwt(), {
      ...base,
      'GET /api/client/sso': () => ok(current),
      'POST /api/client/sso/domains': () => {
        current = settings({ domains: [pending] });
        return { status: 201, body: { data: pending } };
      },
    });
    renderApp('/client/sso');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Email address at the domain/ }), 'it@acme.example');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(ACCOUNT_SSO_MESSAGES.codeMailed('it@acme.example'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/client/sso/domains')[0]?.body).toEqual({ email: 'it@acme.example' });
    const row = await screen.findByRole('listitem', { name: 'acme.example' });
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByText(/Code mailed to it@acme\.example, valid until/)).toBeInTheDocument();
  });

  it('says why a claim is refused', async () => {
    stubSignedIn(owner, makeJwt(), { ...base, 'GET /api/client/sso': ok(settings()), 'POST /api/client/sso/domains': fail(400, ACCOUNT_SSO_MESSAGES.publicDomain) });
    renderApp('/client/sso');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Email address at the domain/ }), 'me@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(ACCOUNT_SSO_MESSAGES.publicDomain)).toBeInTheDocument();
  });

  it('verifies with the mailed code; a wrong one says so', async () => {
    let current = settings({ domains: [pending] });
    let answer = fail(400, ACCOUNT_SSO_MESSAGES.codeInvalid);
    const api = stubSignedIn(owner, makeJwt(), { ...base, 'GET /api/client/sso': () => ok(current), [`POST /api/client/sso/domains/${DOMAIN_ID}/verify`]: () => answer });
    renderApp('/client/sso');
    const user = userEvent.setup();
    const code = await screen.findByRole('textbox', { name: 'Code for acme.example' });
    await user.type(code, '00000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(ACCOUNT_SSO_MESSAGES.codeInvalid)).toBeInTheDocument();
    current = settings({ domains: [domain()] });
    answer = ok(domain());
    await user.clear(code);
    await user.type(code, '12345678');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('acme.example verified')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/client/sso/domains/${DOMAIN_ID}/verify`).at(-1)?.body).toEqual({ code: '12345678' });
    expect(await within(screen.getByRole('listitem', { name: 'acme.example' })).findByText('Verified')).toBeInTheDocument();
  });

  it('removes a domain only after a confirmation', async () => {
    const api = stubSignedIn(owner, makeJwt(), { ...base, 'GET /api/client/sso': ok(settings({ domains: [domain()] })), [`DELETE /api/client/sso/domains/${DOMAIN_ID}`]: ok({ ok: true }) });
    renderApp('/client/sso');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove acme.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the domain' });
    expect(dialog).toHaveTextContent('People at acme.example will no longer be offered single sign-on');
    expect(api.callsTo(`DELETE /api/client/sso/domains/${DOMAIN_ID}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('acme.example removed')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/client/sso/domains/${DOMAIN_ID}`)).toHaveLength(1);
  });
});

describe('Account › Single sign-on: enforcement', () => {
  it('is refused until a test passes, and says so', async () => {
    stubSignedIn(owner, makeJwt(), { ...base, 'GET /api/client/sso': ok(settings({ connection: oidcConnection(), domains: [domain()] })) });
    renderApp('/client/sso');
    expect(await screen.findByTestId('sso-enforce-refusal')).toHaveTextContent(ACCOUNT_SSO_MESSAGES.enforceNeedsTest);
    expect(screen.getByRole('button', { name: 'Enforce single sign-on' })).toBeDisabled();
    expect(screen.getByTestId('sso-state')).toHaveTextContent('Not tested');
  });

  it('enforces after a confirmation that names the domains and the owner’s break-glass way in', async () => {
    const tested = oidcConnection({ state: 'tested', lastTest: { at: NOW, passed: true, detail: 'Signed in as boss@acme.example.' } });
    const api = stubSignedIn(owner, makeJwt(), {
      ...base,
      'GET /api/client/sso': ok(settings({ connection: tested, domains: [domain()] })),
      'PUT /api/client/sso/enforcement': ok(settings({ connection: { ...tested, state: 'enforced' }, domains: [domain()] })),
    });
    renderApp('/client/sso');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enforce single sign-on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enforce single sign-on' });
    expect(dialog).toHaveTextContent('Password sign-in is refused for everyone at acme.example');
    expect(dialog).toHaveTextContent('You, the owner, keep your password as the break-glass way in');
    expect(api.callsTo('PUT /api/client/sso/enforcement')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Enforce' }));
    expect(await screen.findByText('Single sign-on is enforced.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/client/sso/enforcement')[0]?.body).toEqual({ enforced: true });
    expect(screen.getByTestId('sso-state')).toHaveTextContent('Enforced');
    expect(screen.getByRole('button', { name: 'Stop enforcing' })).toBeInTheDocument();
  });

  it('leaves the form’s unsaved edits alone when only the state changes', async () => {
    const tested = oidcConnection({ state: 'tested' });
    stubSignedIn(owner, makeJwt(), {
      ...base,
      'GET /api/client/sso': ok(settings({ connection: tested, domains: [domain()] })),
      'PUT /api/client/sso/enforcement': ok(settings({ connection: { ...tested, state: 'enforced', updatedAt: NOW + 1000 }, domains: [domain()] })),
    });
    renderApp('/client/sso');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: ACCOUNT_SSO_LABELS.clientId }), '-next');
    await user.click(screen.getByRole('button', { name: 'Enforce single sign-on' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Enforce single sign-on' })).getByRole('button', { name: 'Enforce' }));
    expect(await screen.findByText('Single sign-on is enforced.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: ACCOUNT_SSO_LABELS.clientId })).toHaveValue('replay-console-next');
  });

  it('shows the server’s reason when it refuses', async () => {
    const tested = oidcConnection({ state: 'tested' });
    stubSignedIn(owner, makeJwt(), {
      ...base,
      'GET /api/client/sso': ok(settings({ connection: tested, domains: [domain()] })),
      'PUT /api/client/sso/enforcement': fail(409, ACCOUNT_SSO_MESSAGES.enforceNeedsTest),
    });
    renderApp('/client/sso');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enforce single sign-on' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Enforce single sign-on' })).getByRole('button', { name: 'Enforce' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(ACCOUNT_SSO_MESSAGES.enforceNeedsTest)).toBeInTheDocument();
  });
});
