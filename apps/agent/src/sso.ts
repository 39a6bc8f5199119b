import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as NodeSaml from '@node-saml/node-saml';
import type { AgentConfig } from '@replay/agent-protocol';
import { SSO_ACS_PATH, SSO_LOGIN_PATH, SSO_METADATA_PATH, SSO_SLO_PATH } from '@replay/agent-protocol/plain';
import { instanceOrigin, readForm } from './forms.ts';
import { sendHtml } from './http.ts';
import { protocolSchemas } from './protocol.ts';
import { startSession } from './sessions.ts';
import { ssoFailedPage, ssoNotSetUpPage, ssoTestFailedPage, ssoTestPassedPage } from './signin-pages.ts';
import { EMAIL_FORMAT, Refused, checkRecipient, checkResponseXml, samlOptions, withRedirectSlo } from '@replay/saml-sp';
import { BrowserRequests } from './sso-requests.ts';
import { REQUEST_TTL_MS, saveSsoStatus } from './sso-store.ts';
import type { AgentState, Handler } from './state.ts';

/**
 * The instance as a SAML 2.0 service provider, SP-initiated: /sso/login sends
 * the browser to the IdP with an AuthnRequest (HTTP-Redirect), the IdP posts
 * its signed Response to /sso/acs (HTTP-POST). node-saml (and its XML
 * libraries, ~150 ms to load) is imported by the first SSO request, never at
 * start: the driver waits on the agent's first health check.
 */

export type Sso = NonNullable<AgentConfig['sso']>;

let loading: Promise<typeof NodeSaml> | null = null;
export const nodeSaml = (): Promise<typeof NodeSaml> => (loading ??= import('@node-saml/node-saml'));

/** A signed response with a certificate or two in it is a few kB; a large margin still bounds what is parsed. */
const MAX_ACS_FORM = 512 * 1024;
/** RelayState of the console's 'Test sign-in'. Only picks the failure page: the request's own record decides. */
const TEST_RELAY_STATE = 'test';
export { EMAIL_FORMAT };

/** The SP's names, from the origin the browser used: SAML's entity id is the metadata's URL. */
export function serviceProvider(req: IncomingMessage, state: AgentState) {
  const origin = instanceOrigin(req, state);
  return { entityId: `${origin}${SSO_METADATA_PATH}`, acsUrl: `${origin}${SSO_ACS_PATH}`, sloUrl: `${origin}${SSO_SLO_PATH}` };
}

interface SamlOptions {
  /** Where issued ids are kept: the browser's cookie, for sign-ins and sign-outs alike (sso-requests.ts). */
  cache: NodeSaml.CacheProvider;
}

export async function samlFor(req: IncomingMessage, state: AgentState, sso: Sso, opts: SamlOptions): Promise<NodeSaml.SAML> {
  const { SAML } = await nodeSaml();
  const idp = { entryPoint: sso.idpSsoUrl, logoutUrl: sso.idpSlsUrl ?? null, certPem: sso.idpX509cert, entityId: sso.idpEntityId };
  // The option set the console's sign-in uses too (@replay/saml-sp); the ids this browser's cookie keeps expire with it.
  return new SAML(samlOptions({ sp: serviceProvider(req, state), idp, cache: opts.cache, requestIdExpirationPeriodMs: REQUEST_TTL_MS }));
}

/** A short reason for a refused response, in words for a person: never the XML, nor node-saml's message with its values. */
function refusalReason(e: unknown): string {
  const message = e instanceof Error ? e.message : '';
  if (/signature/i.test(message)) return 'the response is not signed with the certificate saved for the identity provider';
  if (/InResponseTo/i.test(message)) return NOT_THIS_BROWSERS;
  if (/audience/i.test(message)) return 'the response is meant for another service provider';
  if (/expired|NotBefore|NotOnOrAfter|not yet valid|subject confirmation/i.test(message)) return 'the response is outside its validity period (check the clocks)';
  if (/provider returned/i.test(message)) return 'the identity provider refused the sign-in';
  if (/certificate|PEM|key/i.test(message)) return 'the certificate saved for the identity provider could not be read';
  return 'the response could not be validated';
}

const NOT_THIS_BROWSERS = 'the response does not answer a sign-in this browser started, or was used already';

/** The SSO settings, or a 404 page and null when the instance has none. */
export function ssoOr404(res: ServerResponse, state: AgentState): Sso | null {
  const sso = state.config.sso;
  if (!sso) sendHtml(res, 404, ssoNotSetUpPage(state.settings.name));
  return sso;
}

async function acs(req: IncomingMessage, res: ServerResponse, state: AgentState, sso: Sso): Promise<void> {
  const { name } = state.settings;
  let form: URLSearchParams | null = null;
  try {
    form = await readForm(req, MAX_ACS_FORM);
    const SAMLResponse = form.get('SAMLResponse');
    if (!SAMLResponse) throw new Refused('the identity provider sent no response');
    const { acsUrl } = serviceProvider(req, state);
    // The text node-saml will parse: base64 read as UTF-8, as it reads it.
    await checkResponseXml(Buffer.from(SAMLResponse, 'base64').toString('utf8'), acsUrl);
    const requests = new BrowserRequests(req, state, 'sign-in');
    const saml = await samlFor(req, state, sso, { cache: requests });
    const { profile } = await saml.validatePostResponseAsync({ SAMLResponse, RelayState: form.get('RelayState') ?? '' });
    if (!profile) throw new Refused('the identity provider signed nobody in');
    if (profile.issuer !== sso.idpEntityId) throw new Refused('the response comes from another identity provider');
    checkRecipient(profile, acsUrl);
    const purpose = typeof profile.inResponseTo === 'string' ? requests.take(profile.inResponseTo) : null;
    if (!purpose) throw new Refused(NOT_THIS_BROWSERS);
    const nameId = profile.nameID?.trim();
    if (!nameId) throw new Refused('the response names nobody');
    if (purpose.test) {
      const { ssoFingerprint } = await protocolSchemas();
      saveSsoStatus(state.settings.dataDir, { testedFingerprint: ssoFingerprint(sso), testedAt: state.now(), testedNameId: nameId });
      return sendHtml(res, 200, ssoTestPassedPage(name, nameId));
    }
    const attribute = [profile.name, profile.displayName].find((v): v is string => typeof v === 'string' && v.trim() !== '');
    // SessionIndex and format are what a LogoutRequest names the session by (slo.ts); the cookie stays small.
    const sessionIndex = typeof profile.sessionIndex === 'string' ? profile.sessionIndex : undefined;
    const nameIdFormat = typeof profile.nameIDFormat === 'string' && profile.nameIDFormat !== EMAIL_FORMAT ? profile.nameIDFormat : undefined;
    startSession(res, state, { sub: `sso:${nameId}`, email: nameId, name: attribute?.trim(), via: 'sso', idp: sso.idpName, sessionIndex, nameIdFormat });
  } catch (e) {
    const reason = e instanceof Refused ? e.message : refusalReason(e);
    // The reason only: the response holds the person's identity and is never logged.
    console.error(JSON.stringify({ level: 'warn', msg: 'sso sign-in refused', reason }));
    const test = form?.get('RelayState') === TEST_RELAY_STATE;
    sendHtml(res, 401, test ? ssoTestFailedPage(name, sso.idpName, reason) : ssoFailedPage(name, sso.idpName, reason));
  }
}

export const ssoRoutes: Record<string, Handler> = {
  /** To the IdP; `?test=1` is the console's 'Test sign-in', which records its result and signs nobody in. */
  [`GET ${SSO_LOGIN_PATH}`]: async (req, res, url, state) => {
    const sso = ssoOr404(res, state);
    if (!sso) return;
    const test = url.searchParams.get('test') === '1';
    // node-saml saves the id it issues into this browser's list (its cacheProvider), sent back as a cookie.
    const requests = new BrowserRequests(req, state, 'sign-in', { test });
    let location: string;
    try {
      const saml = await samlFor(req, state, sso, { cache: requests });
      location = await saml.getAuthorizeUrlAsync(test ? TEST_RELAY_STATE : '', undefined, {});
    } catch (e) {
      // The console checks the URL it saves; an agent given a bad one still answers with a page, not a stack.
      console.error(JSON.stringify({ level: 'error', msg: 'sso request failed', err: String(e) }));
      const reason = 'the sign-in URL saved for the identity provider could not be used';
      return sendHtml(res, 500, test ? ssoTestFailedPage(state.settings.name, sso.idpName, reason) : ssoFailedPage(state.settings.name, sso.idpName, reason));
    }
    res.writeHead(302, { Location: location, 'Set-Cookie': requests.cookie(), 'Cache-Control': 'no-store' });
    res.end();
  },
  /** No Origin check here: the IdP's page posts it, from the IdP's origin. The signature is what is checked. */
  [`POST ${SSO_ACS_PATH}`]: async (req, res, _url, state) => {
    const sso = ssoOr404(res, state);
    if (sso) await acs(req, res, state, sso);
  },
  [`GET ${SSO_METADATA_PATH}`]: async (req, res, _url, state) => {
    if (!ssoOr404(res, state)) return;
    const { generateServiceProviderMetadata } = await nodeSaml();
    const sp = serviceProvider(req, state);
    // The SLO endpoint is listed whether or not an SLO URL is saved yet: IdPs read the metadata once, often before that.
    const generated = generateServiceProviderMetadata({
      issuer: sp.entityId,
      callbackUrl: sp.acsUrl,
      logoutCallbackUrl: sp.sloUrl,
      identifierFormat: EMAIL_FORMAT,
      wantAssertionsSigned: true,
    });
    // node-saml always names HTTP-POST for it; /sso/slo takes the HTTP-Redirect binding (slo.ts), so the metadata says that.
    const xml = withRedirectSlo(generated);
    res.writeHead(200, { 'Content-Type': 'application/samlmetadata+xml; charset=utf-8', 'Content-Length': Buffer.byteLength(xml) });
    res.end(xml);
  },
};
