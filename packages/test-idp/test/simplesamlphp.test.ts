import { SAML } from '@node-saml/node-saml';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimpleSamlPhp, type SimpleSamlPhp } from '../src/simplesamlphp.ts';

// A service provider that is never reached: the walk hands its forms to the test instead.
const SP = { entityId: 'http://127.0.0.1:9/sp', acsUrl: 'http://127.0.0.1:9/acs', sloUrl: 'http://127.0.0.1:9/slo' };
const ADA = { username: 'ada', password: 'ada-secret-1', email: 'ada@example.com', name: 'Ada Lovelace', groups: ['engineering', 'on-call'] };

// Not skipped where it is missing: startSimpleSamlPhp fails naming the packages to install.
describe('Debian SimpleSAMLphp as the test IdP', () => {
  let idp: SimpleSamlPhp;
  let sp: SAML;

  beforeAll(async () => {
    const spKeys = await generate([{ name: 'commonName', value: 'sp' }], { keySize: 2048, algorithm: 'sha256' });
    idp = await startSimpleSamlPhp({ users: [ADA], serviceProviders: [{ ...SP, certPem: spKeys.cert }] });
    sp = new SAML({
      issuer: SP.entityId,
      callbackUrl: SP.acsUrl,
      logoutCallbackUrl: SP.sloUrl,
      entryPoint: idp.ssoUrl,
      logoutUrl: idp.sloUrl,
      idpCert: idp.certPem,
      privateKey: spKeys.private,
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      wantAuthnResponseSigned: false,
      wantAssertionsSigned: true,
    });
  });
  afterAll(() => idp?.close());

  it('publishes metadata naming its entity id and signing certificate', async () => {
    const xml = await idp.metadataXml();
    expect(xml).toContain(`entityID="${idp.entityId}"`);
    expect(xml.replace(/\s/g, '')).toContain(idp.certPem.replace(/-----[^-]+-----|\s/g, ''));
  });

  it('signs a person in and sends an assertion the SP library accepts, with email and groups', async () => {
    const browser = idp.browser();
    const form = await browser.signIn(await sp.getAuthorizeUrlAsync('state-1', undefined, {}), ADA.username, ADA.password);
    expect(form.action).toBe(SP.acsUrl);
    expect(form.fields.RelayState).toBe('state-1');
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: form.fields.SAMLResponse! });
    expect(profile?.nameID).toBe(ADA.email);
    expect(profile?.groups).toEqual(['engineering', 'on-call']);
    expect(profile?.displayName).toBe('Ada Lovelace');
  });

  it('refuses a wrong password: no assertion leaves the IdP', async () => {
    await expect(idp.browser().signIn(await sp.getAuthorizeUrlAsync('s', undefined, {}), ADA.username, 'wrong')).rejects.toThrow(/refused the sign-in/);
  });

  it('ends the IdP session on the SP’s signed LogoutRequest and answers with a LogoutResponse', async () => {
    const browser = idp.browser();
    const form = await browser.signIn(await sp.getAuthorizeUrlAsync('s', undefined, {}), ADA.username, ADA.password);
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: form.fields.SAMLResponse! });
    const back = new URL(await browser.follow(await sp.getLogoutUrlAsync(profile!, 'after-logout', {})));
    expect(`${back.origin}${back.pathname}`).toBe(SP.sloUrl);
    const query = Object.fromEntries(back.searchParams);
    const answer = await sp.validateRedirectAsync(query, back.search.slice(1));
    expect(answer.loggedOut).toBe(true);
    // The IdP's session is gone: the next sign-in asks for the password again.
    await expect(browser.signIn(await sp.getAuthorizeUrlAsync('s', undefined, {}), ADA.username, ADA.password)).resolves.toMatchObject({ action: SP.acsUrl });
  });

  it('sends the SP a LogoutRequest when the person logs out at the IdP', async () => {
    const browser = idp.browser();
    const form = await browser.signIn(await sp.getAuthorizeUrlAsync('s', undefined, {}), ADA.username, ADA.password);
    await sp.validatePostResponseAsync({ SAMLResponse: form.fields.SAMLResponse! });
    const request = new URL(await browser.logoutAtIdp());
    expect(`${request.origin}${request.pathname}`).toBe(SP.sloUrl);
    const { profile, loggedOut } = await sp.validateRedirectAsync(Object.fromEntries(request.searchParams), request.search.slice(1));
    expect(loggedOut).toBe(true);
    expect(profile?.nameID).toBe(ADA.email);
  });
});
