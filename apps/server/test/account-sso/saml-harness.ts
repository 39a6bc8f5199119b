import { startSimpleSamlPhp, type PostedForm, type SimpleSamlPhp, type SimpleSamlPhpBrowser, type SimpleSamlPhpUser } from '@replay/test-idp/simplesamlphp';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, type SignedIn } from '../support/auth';
import { serviceProviderOf } from '../../src/modules/account-sso/account-sso.view';
import { ownerWithConnection } from './support';

export interface SamlWorld {
  t: TestApp;
  idp: SimpleSamlPhp;
  base: string;
  sp: ReturnType<typeof serviceProviderOf>;
  owner: SignedIn;
  roles: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A console (answering by inject: SimpleSAMLphp never calls it, the browser carries everything)
 * and Debian's SimpleSAMLphp, with an owner whose account has a SAML connection to it (groups:
 * engineering → Developer, single logout on) and the verified domain `domain`. The IdP knows the
 * connection's signing certificate and refuses unsigned AuthnRequests and logout messages.
 */
export async function samlWorld(domain: string, users: readonly SimpleSamlPhpUser[]): Promise<SamlWorld> {
  const t = await createTestApp({ SSO_ALLOW_PRIVATE_IDPS: 'true' });
  const base = t.runtime.ctx.env.publicUrl.replace(/\/+$/, '');
  const sp = serviceProviderOf(base);
  const idp = await startSimpleSamlPhp({ users, serviceProviders: [{ entityId: sp.samlEntityId, acsUrl: sp.samlAcsUrl, sloUrl: sp.samlSloUrl }] });
  const { owner, roles } = await ownerWithConnection(t, domain, (r) => ({
    protocol: 'saml',
    entryPoint: idp.ssoUrl,
    logoutUrl: idp.sloUrl,
    idpEntityId: idp.entityId,
    idpCert: idp.certPem,
    defaultRoleId: r.Viewer,
    groupRoles: [{ group: 'engineering', roleId: r.Developer }],
  }));
  // The IdP is given the console's signing certificate for this connection, and then requires signed requests (validate.logout, validate.authnrequest).
  await idp.addServiceProvider({ entityId: sp.samlEntityId, acsUrl: sp.samlAcsUrl, sloUrl: sp.samlSloUrl, certPem: await spCertOf(t, owner.jwt) });
  return {
    t,
    idp,
    base,
    sp,
    owner,
    roles,
    close: async () => {
      await idp.close();
      await t.close();
    },
  };
}

/** The console's signing certificate for the account's SAML connection, as the owner's screen shows it. */
export async function spCertOf(t: TestApp, jwt: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/client/sso', headers: bearer(jwt) });
  const cert = res.json().data.connection?.saml?.spCert as string | null | undefined;
  if (!cert) throw new Error(`no SP certificate: ${res.statusCode} ${res.body}`);
  return cert;
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** The binding cookie a start call set. */
function bindingOf(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === 'sso_binding');
  if (!cookie) throw new Error('no binding cookie');
  return cookie.value;
}

/** The IdP's auto-posted form, at the ACS, as the IdP's page posts it (cross-site: no console cookie). */
export async function postToAcs(w: SamlWorld, form: PostedForm, body = new URLSearchParams(form.fields).toString()): Promise<string> {
  const res = await w.t.app.inject({ method: 'POST', url: pathOf(form.action), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
  if (res.statusCode !== 303) throw new Error(`ACS answered ${res.statusCode}: ${res.body}`);
  return res.headers.location as string;
}

/** The same-origin GET the ACS sends the browser to; `binding`: the cookie the browser holds (none: another browser). */
export async function follow(w: SamlWorld, url: string, binding?: string): Promise<string> {
  const res = await w.t.app.inject({ method: 'GET', url: pathOf(url), ...(binding && { cookies: { sso_binding: binding } }) });
  return res.headers.location as string;
}

export interface SamlJourney {
  browser: SimpleSamlPhpBrowser;
  binding: string;
  form: PostedForm;
}

/** A person's sign-in by email up to the IdP's posted form. */
export async function startByEmail(w: SamlWorld, email: string, user: SimpleSamlPhpUser): Promise<SamlJourney> {
  const start = await w.t.app.inject({ method: 'POST', url: '/api/auth/sso/start', payload: { email }, remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  if (start.statusCode !== 200) throw new Error(`start failed: ${start.statusCode} ${start.body}`);
  const browser = w.idp.browser();
  const form = await browser.signIn(start.json().data.redirectUrl as string, user.username, user.password);
  return { browser, binding: bindingOf(start), form };
}

/** The owner's test up to the IdP's posted form. */
export async function startTest(w: SamlWorld, user: SimpleSamlPhpUser): Promise<SamlJourney> {
  const start = await w.t.app.inject({ method: 'POST', url: '/api/client/sso/test', headers: bearer(w.owner.jwt) });
  if (start.statusCode !== 200) throw new Error(`test start failed: ${start.statusCode} ${start.body}`);
  const browser = w.idp.browser();
  const form = await browser.signIn(start.json().data.redirectUrl as string, user.username, user.password);
  return { browser, binding: bindingOf(start), form };
}

/** The ticket page's address → the session (the SPA's exchange); its refresh cookie and access token. */
export async function redeem(w: SamlWorld, landing: string) {
  const ticket = decodeURIComponent(new URL(landing).hash.slice('#ticket='.length));
  const res = await w.t.app.inject({ method: 'POST', url: '/api/auth/sso/complete', payload: { ticket } });
  const refresh = res.cookies.find((c) => c.name === 'refresh_token')?.value;
  return { res, jwt: res.statusCode === 200 ? (res.json().data.jwt as string) : null, refresh };
}
