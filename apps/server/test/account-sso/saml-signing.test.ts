import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'selfsigned';
import { EMAIL_FORMAT } from '@replay/saml-sp';
import { ssoConnections } from '../../src/db/schema';
import { samlClient } from '../../src/modules/account-sso/account-sso.saml';
import { bearer } from '../support/auth';
import { follow, postToAcs, redeem, samlWorld, startByEmail } from './saml-harness';

/**
 * The console's own SAML signing key (one per connection): its certificate in the SP metadata and
 * on the owner's screen, its AuthnRequests and logout messages signed with RSA-SHA256, against a
 * SimpleSAMLphp that requires signed ones (`validate.authnrequest`, `validate.logout`).
 */
const ADA = { username: 'ada', password: 'ada-secret-1', email: 'ada@sign-acme.example', name: 'Ada Lovelace', groups: [] };
const w = await samlWorld('sign-acme.example', [ADA]);
afterAll(() => w.close());
// Marked tested directly: the owner's test sign-in is saml-sign-in.test.ts's.
await w.t.runtime.ctx.db
  .update(ssoConnections)
  .set({ state: 'tested', testedDigest: sql`settings_digest` })
  .where(eq(ssoConnections.tenantId, w.owner.user.tenantId));
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const certBody = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '');
const settings = async () => (await w.t.app.inject({ method: 'GET', url: '/api/client/sso', headers: bearer(w.owner.jwt) })).json().data;
const pathOf = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;

async function signedIn() {
  const j = await startByEmail(w, ADA.email, ADA);
  const { refresh } = await redeem(w, await follow(w, await postToAcs(w, j.form), j.binding));
  return { browser: j.browser, refresh: refresh! };
}

describe('the console’s SAML signing key', () => {
  it('is made when the connection is saved, kept across saves, sealed at rest and never answered', async () => {
    const { connection } = await settings();
    expect(connection.saml.spCert).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(connection.saml.spMetadataUrl).toBe(`${w.sp.samlEntityId}?connection=${connection.id}`);
    const { id: _id, state: _state, lastTest: _test, updatedAt: _at, oidc: _oidc, saml, ...rest } = connection;
    const resaved = await w.t.app.inject({
      method: 'PUT',
      url: '/api/client/sso',
      headers: bearer(w.owner.jwt),
      payload: { protocol: 'saml', ...rest, ...saml, spCert: undefined, spMetadataUrl: undefined },
    });
    expect(resaved.statusCode).toBe(200);
    expect(resaved.json().data.connection.saml.spCert).toBe(connection.saml.spCert);
    expect(resaved.body).not.toMatch(/PRIVATE KEY/);
    const [row] = await w.t.runtime.ctx.db.select().from(ssoConnections).where(eq(ssoConnections.id, connection.id));
    expect(row!.samlSpKeySealed).toBeTruthy();
    expect(row!.samlSpKeySealed).not.toMatch(/PRIVATE KEY/);
  });

  it('is in the connection’s SP metadata as its signing certificate; the bare metadata names none', async () => {
    const { connection } = await settings();
    const metadata = await w.t.app.inject({ method: 'GET', url: pathOf(connection.saml.spMetadataUrl) });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.body).toContain(`entityID="${w.sp.samlEntityId}"`);
    expect(metadata.body).toContain('AuthnRequestsSigned="true"');
    expect(metadata.body).toMatch(/<KeyDescriptor use="signing">/);
    expect(metadata.body.replace(/\s/g, '')).toContain(certBody(connection.saml.spCert));
    expect(metadata.body).not.toMatch(/PRIVATE KEY/);
    const bare = await w.t.app.inject({ method: 'GET', url: '/sso/saml/metadata' });
    expect(bare.body).not.toContain('KeyDescriptor');
  });

  it('signs the LogoutRequest with RSA-SHA256, and the IdP (which requires it) ends its session and answers', async () => {
    const s = await signedIn();
    const out = await w.t.app.inject({ method: 'GET', url: '/api/logout', cookies: { refresh_token: s.refresh } });
    const request = new URL(out.json().data.redirectUrl as string);
    expect(request.searchParams.get('SigAlg')).toBe(RSA_SHA256);
    expect(request.searchParams.get('Signature')).toBeTruthy();
    const back = await s.browser.follow(request.href);
    const landed = await w.t.app.inject({ method: 'GET', url: pathOf(back) });
    expect(landed.headers.location).toBe(`${w.base}/login`);
  });

  it('the IdP really checks: an unsigned LogoutRequest, or one signed with another key, is refused there', async () => {
    const s = await signedIn();
    const subject = { nameId: ADA.email, nameIdFormat: EMAIL_FORMAT, sessionIndex: null };
    const idp = { entryPoint: w.idp.ssoUrl, logoutUrl: w.idp.sloUrl, certPem: w.idp.certPem, entityId: w.idp.entityId };
    const names = { entityId: w.sp.samlEntityId, acsUrl: w.sp.samlAcsUrl, sloUrl: w.sp.samlSloUrl };
    const unsigned = (await samlClient(names).logout(idp, subject, 'x'))!;
    await expect(s.browser.follow(unsigned.redirectUrl)).rejects.toThrow(/no signature found/i);
    const stranger = await generate([{ name: 'commonName', value: 'stranger' }], { keySize: 2048, algorithm: 'sha256' });
    const forged = (await samlClient(names).logout(idp, subject, 'x', { privateKeyPem: stranger.private, certPem: stranger.cert }))!;
    await expect(s.browser.follow(forged.redirectUrl)).rejects.toThrow(/unable to validate signature/i);
  });

  it('answers the IdP’s LogoutRequest with a signed LogoutResponse, which the IdP accepts', async () => {
    const s = await signedIn();
    const request = await s.browser.logoutAtIdp();
    const answer = await w.t.app.inject({ method: 'GET', url: pathOf(request) });
    const response = new URL(answer.headers.location as string);
    expect(response.searchParams.get('SigAlg')).toBe(RSA_SHA256);
    // The IdP takes the signed answer and sends the browser on to the ReturnTo its logout page was given.
    const unsigned = new URL(response);
    unsigned.searchParams.delete('Signature');
    await expect(s.browser.follow(unsigned.href)).rejects.toThrow(/no signature found/i);
    // The signed one is taken: the IdP finishes its logout and sends the browser on (its own pages here), not to its error page.
    expect(new URL(await s.browser.follow(response.href)).origin).toBe(new URL(w.idp.baseUrl).origin);
  });
});
