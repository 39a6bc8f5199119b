import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimpleSamlPhp, type SimpleSamlPhp } from '@replay/test-idp/simplesamlphp';
import { samlClient, type SamlIdpSettings } from '../../src/modules/account-sso/account-sso.saml';

/**
 * The console's SAML service provider against Debian's SimpleSAMLphp: a real IdP signs the
 * assertions, so what the client accepts and refuses here is what it does with the IdPs
 * companies run. The SP is never reached over HTTP: the IdP's auto-posting form and redirects
 * are handed to the client as the console's routes would hand them.
 */
const SP = { entityId: 'http://127.0.0.1:9/sso/saml/metadata', acsUrl: 'http://127.0.0.1:9/sso/saml/acs', sloUrl: 'http://127.0.0.1:9/sso/saml/slo' };
const GRACE = { username: 'grace', password: 'grace-secret-9', email: 'Grace@Example.com', name: 'Grace Hopper', groups: ['engineering', 'admins'] };

let idp: SimpleSamlPhp;
const client = samlClient(SP);

function connection(over: Partial<SamlIdpSettings> = {}): SamlIdpSettings {
  return { entryPoint: idp.ssoUrl, logoutUrl: idp.sloUrl, certPem: idp.certPem, entityId: idp.entityId, ...over };
}

async function signIn(row = connection(), state = 'state-1') {
  const started = await client.start(row, state);
  const browser = idp.browser();
  const form = await browser.signIn(started.redirectUrl, GRACE.username, GRACE.password);
  return { started, form, browser };
}

beforeAll(async () => {
  idp = await startSimpleSamlPhp({ users: [GRACE], serviceProviders: [SP] });
});
afterAll(() => idp?.close());

describe('the console as a SAML service provider, against SimpleSAMLphp', () => {
  it('signs a member in: the email (lower-cased), name, groups and session index from the signed assertion', async () => {
    const { started, form } = await signIn();
    expect(form.action).toBe(SP.acsUrl);
    expect(form.fields.RelayState).toBe('state-1');
    const who = await client.finish(connection(), form.fields.SAMLResponse!, { id: started.requestId, issuedAt: new Date() });
    expect(who).toMatchObject({ subject: 'Grace@Example.com', email: 'grace@example.com', emailVerified: true, name: 'Grace Hopper', groups: ['engineering', 'admins'] });
    expect(who.idpSessionId).toMatch(/^_/);
  });

  it('refuses a response to another request (a replay, or another browser’s sign-in)', async () => {
    const first = await signIn();
    const second = await client.start(connection(), 'state-2');
    await expect(client.finish(connection(), first.form.fields.SAMLResponse!, { id: second.requestId, issuedAt: new Date() })).rejects.toThrow(/InResponseTo/i);
  });

  it('refuses an assertion not signed with the saved certificate', async () => {
    const stranger = await generate([{ name: 'commonName', value: 'stranger' }], { keySize: 2048, algorithm: 'sha256' });
    const { started, form } = await signIn();
    await expect(client.finish(connection({ certPem: stranger.cert }), form.fields.SAMLResponse!, { id: started.requestId, issuedAt: new Date() })).rejects.toThrow(/signature/i);
  });

  it('refuses an assertion from another issuer than the saved entity id', async () => {
    const { started, form } = await signIn();
    await expect(client.finish(connection({ entityId: 'https://idp.elsewhere.example/metadata' }), form.fields.SAMLResponse!, { id: started.requestId, issuedAt: new Date() })).rejects.toThrow(
      /issuer/i,
    );
  });

  it('refuses an assertion meant for another service provider', async () => {
    const other = samlClient({ ...SP, entityId: 'http://127.0.0.1:9/another-sp' });
    const { started, form } = await signIn();
    await expect(other.finish(connection(), form.fields.SAMLResponse!, { id: started.requestId, issuedAt: new Date() })).rejects.toThrow(/audience|recipient|destination/i);
  });

  it('single logout from the console: the IdP ends its session and its signed LogoutResponse names our request', async () => {
    const { started, form, browser } = await signIn();
    const who = await client.finish(connection(), form.fields.SAMLResponse!, { id: started.requestId, issuedAt: new Date() });
    const out = (await client.logout(connection(), who.saml, 'bye'))!;
    const back = new URL(await browser.follow(out.redirectUrl));
    expect(`${back.origin}${back.pathname}`).toBe(SP.sloUrl);
    await client.checkLogoutResponse(connection(), back.search.slice(1), out.requestId);
    await expect(client.checkLogoutResponse(connection(), back.search.slice(1), '_another-request')).rejects.toThrow(/InResponseTo/i);
  });

  it('single logout from the IdP: its signed LogoutRequest names the member, and the answer goes back to the IdP', async () => {
    const { started, form, browser } = await signIn();
    const who = await client.finish(connection(), form.fields.SAMLResponse!, { id: started.requestId, issuedAt: new Date() });
    const request = new URL(await browser.logoutAtIdp());
    expect(`${request.origin}${request.pathname}`).toBe(SP.sloUrl);
    const read = await client.readLogoutRequest(connection(), request.search.slice(1));
    expect(read.subject).toEqual({ nameId: 'Grace@Example.com', nameIdFormat: who.saml.nameIdFormat, sessionIndex: who.saml.sessionIndex });
    const answer = new URL(await read.answerUrl(request.searchParams.get('RelayState') ?? ''));
    expect(`${answer.origin}${answer.pathname}`).toBe(idp.sloUrl);
    expect(answer.searchParams.get('SAMLResponse')).toBeTruthy();
  });

  it('offers no single logout when the IdP has none', async () => {
    const { started, form } = await signIn();
    const who = await client.finish(connection(), form.fields.SAMLResponse!, { id: started.requestId, issuedAt: new Date() });
    expect(await client.logout(connection({ logoutUrl: null }), who.saml, 'bye')).toBeNull();
  });

  it('refuses a LogoutRequest not signed by the IdP', async () => {
    const { started, form, browser } = await signIn();
    await client.finish(connection(), form.fields.SAMLResponse!, { id: started.requestId, issuedAt: new Date() });
    const request = new URL(await browser.logoutAtIdp());
    const forged = new URLSearchParams(request.searchParams);
    forged.delete('Signature');
    await expect(client.readLogoutRequest(connection(), forged.toString())).rejects.toThrow();
  });
});
