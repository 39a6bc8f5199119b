import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as NodeSaml from '@node-saml/node-saml';
import { SSO_SLO_PATH } from '@replay/agent-protocol/plain';
import { fromOwnPage } from './forms.ts';
import { sendHtml } from './http.ts';
import { endSession, signedInUser } from './sessions.ts';
import { foreignOriginPage, sloDonePage, sloFailedPage } from './signin-pages.ts';
import { Refused, bindingParams, checkSignedRedirect } from '@replay/saml-sp';
import { EMAIL_FORMAT, samlFor, ssoOr404, type Sso } from './sso.ts';
import { BrowserRequests } from './sso-requests.ts';
import type { AgentState, Handler } from './state.ts';

/**
 * SP-initiated single logout: Sign out of an SSO session ends the local session
 * and sends the browser to the IdP's SLO URL with a LogoutRequest (HTTP-Redirect);
 * the IdP answers at /sso/slo with a LogoutResponse, signed per the HTTP-Redirect
 * binding (SigAlg and Signature over the query), which is checked and counted once. The
 * LogoutRequest's id is kept in the browser that signed out (sso-requests.ts), so only that
 * browser brings an answer that counts, and no flood of sign-outs evicts anyone else's.
 * Requests from the IdP (IdP-initiated logout) are not taken: the session cookie is
 * the only record of a session, so there is nothing to end on the IdP's word.
 */

/** The local sign-out, and for an SSO session with an SLO URL saved, the redirect to the IdP. */
export async function signOut(req: IncomingMessage, res: ServerResponse, state: AgentState): Promise<void> {
  if (!fromOwnPage(req, state)) return sendHtml(res, 403, foreignOriginPage(state.settings.name));
  const user = signedInUser(req, state);
  const sso = state.config.sso;
  const nameID = user?.via === 'sso' && user.sub?.startsWith('sso:') ? user.sub.slice('sso:'.length) : '';
  if (!sso?.idpSlsUrl || !nameID) return endSession(res, state);
  // node-saml saves the LogoutRequest's id into this browser's list (its cacheProvider), sent back as a cookie.
  const requests = new BrowserRequests(req, state, 'sign-out');
  try {
    const saml = await samlFor(req, state, sso, { cache: requests });
    const profile: NodeSaml.Profile = { issuer: sso.idpEntityId, nameID, nameIDFormat: user?.nameIdFormat ?? EMAIL_FORMAT, sessionIndex: user?.sessionIndex };
    const location = await saml.getLogoutUrlAsync(profile, '', {});
    endSession(res, state, location, requests.cookie());
  } catch (e) {
    // A saved SLO URL that cannot be used must not keep anyone signed in: the local sign-out still happens.
    console.error(JSON.stringify({ level: 'error', msg: 'sso logout request failed', err: String(e instanceof Error ? e.message : e) }));
    endSession(res, state);
  }
}

/** The browser's list, noting which id node-saml looked up: the LogoutResponse's InResponseTo, which node-saml does not return. */
function recording(store: BrowserRequests): { cache: NodeSaml.CacheProvider; asked: () => string | null } {
  let asked: string | null = null;
  const cache: NodeSaml.CacheProvider = {
    saveAsync: (key, value) => store.saveAsync(key, value),
    getAsync: (key) => {
      asked = key;
      return store.getAsync(key);
    },
    removeAsync: () => store.removeAsync(),
  };
  return { cache, asked: () => asked };
}

const NOT_THIS_BROWSERS = 'the response does not answer a sign-out this browser started, or was used already';

/** A short reason for a refused LogoutResponse, in words for a person: never node-saml's message with its values. */
function refusalReason(e: unknown): string {
  if (e instanceof Refused) return e.message;
  const message = e instanceof Error ? e.message : '';
  if (/signature|not supported/i.test(message)) return 'the response is not signed with the certificate saved for the identity provider';
  if (/InResponseTo/i.test(message)) return NOT_THIS_BROWSERS;
  if (/issuer/i.test(message)) return 'the response comes from another identity provider';
  if (/status code/i.test(message)) return 'the identity provider did not end its session';
  if (/certificate|PEM|key/i.test(message)) return 'the certificate saved for the identity provider could not be read';
  return 'the response could not be validated';
}

async function confirm(req: IncomingMessage, state: AgentState, sso: Sso): Promise<void> {
  // The signature covers the query as the IdP encoded it, so node-saml is given the raw query.
  const rawQuery = (req.url ?? '').split('?')[1] ?? '';
  const params = bindingParams(rawQuery);
  const param = (name: string) => params.get(name);
  const SAMLResponse = param('SAMLResponse');
  if (!SAMLResponse) {
    throw new Refused(param('SAMLRequest') ? 'this instance does not take sign-out requests from the identity provider' : 'the identity provider sent no response');
  }
  // Signed, strongly, and no DOCTYPE: node-saml checks a signature only when there is one, with any hash node knows.
  checkSignedRedirect(params, 'SAMLResponse');
  const requests = new BrowserRequests(req, state, 'sign-out');
  const { cache, asked } = recording(requests);
  const saml = await samlFor(req, state, sso, { cache });
  const container = { SAMLResponse, RelayState: param('RelayState'), SigAlg: param('SigAlg'), Signature: param('Signature') };
  await saml.validateRedirectAsync(container, rawQuery);
  const id = asked();
  // node-saml checks InResponseTo only when present, and never removes it: both are done here, once.
  if (!id || !requests.take(id)) throw new Refused(NOT_THIS_BROWSERS);
}

export const sloRoutes: Record<string, Handler> = {
  /** The IdP's LogoutResponse by the HTTP-Redirect binding. The local session ended before the browser left. */
  [`GET ${SSO_SLO_PATH}`]: async (req, res, _url, state) => {
    const sso = ssoOr404(res, state);
    if (!sso) return;
    const { name } = state.settings;
    try {
      await confirm(req, state, sso);
      sendHtml(res, 200, sloDonePage(name, sso.idpName));
    } catch (e) {
      const reason = refusalReason(e);
      // The reason only: the response names the person and is never logged.
      console.error(JSON.stringify({ level: 'warn', msg: 'sso logout response refused', reason }));
      sendHtml(res, 400, sloFailedPage(name, sso.idpName, reason));
    }
  },
};
