import { inflateRawSync } from 'node:zlib';
import { Refused, STRONG_SIGNATURE_ALGORITHMS, WEAK_SIGNATURE, refuseDoctype } from './checks.ts';

/**
 * The HTTP-Redirect binding's rules for a logout message (a LogoutRequest or a LogoutResponse):
 * the parameters read from the raw query one way only, a signature required and strong, and
 * the deflated XML bounded and free of a DOCTYPE before node-saml reads it.
 */

/** A logout message is well under a kilobyte; the margin still bounds what a small deflated query may unpack to. */
const MAX_LOGOUT_XML = 64 * 1024;
/** Which message a redirect carries: its words in a refusal. */
export type RedirectMessage = 'SAMLRequest' | 'SAMLResponse';
const nounOf = (message: RedirectMessage) => (message === 'SAMLRequest' ? 'request' : 'response');
const notARedirect = (message: RedirectMessage) => new Refused(`the ${nounOf(message)} is not a well-formed redirect`);
const BINDING_PARAMS = ['SAMLResponse', 'SAMLRequest', 'RelayState', 'SigAlg', 'Signature'];
const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));

/** The message's XML as node-saml will read it (raw deflate, then UTF-8); one that does not unpack, or unpacks past any real one's size, is refused. */
export function inflated(samlMessage: string, message: RedirectMessage = 'SAMLResponse'): string {
  try {
    return inflateRawSync(Buffer.from(samlMessage, 'base64'), { maxOutputLength: MAX_LOGOUT_XML }).toString('utf8');
  } catch {
    throw notARedirect(message);
  }
}

/**
 * The binding's parameters from the raw query. node-saml verifies the signature over
 * raw tokens it finds by name, so the values read must come from those same tokens:
 * a name spelled otherwise (`SAMLRespons%65`) or given twice is refused, or an
 * unsigned message could ride beside a signed one.
 */
export function bindingParams(rawQuery: string, message: RedirectMessage = 'SAMLResponse'): Map<string, string> {
  const params = new Map<string, string>();
  try {
    for (const token of rawQuery.split('&')) {
      const eq = token.includes('=') ? token.indexOf('=') : token.length;
      const raw = token.slice(0, eq);
      const name = decode(raw);
      if (!BINDING_PARAMS.includes(name)) continue;
      if (raw !== name || params.has(name)) throw notARedirect(message);
      params.set(name, decode(token.slice(eq + 1)));
    }
  } catch (e) {
    throw e instanceof Refused ? e : notARedirect(message);
  }
  return params;
}

/**
 * A redirect-bound message's signature: node-saml checks one only when it is there (an unsigned
 * message could be anyone's), and accepts any hash node knows (SHA-1 signatures can be forged by
 * now). Then its XML: bounded, no DOCTYPE.
 */
export function checkSignedRedirect(params: ReadonlyMap<string, string>, message: RedirectMessage): void {
  const xml = params.get(message);
  if (!xml) throw new Refused(`the identity provider sent no ${nounOf(message)}`);
  if (!params.get('Signature') || !params.get('SigAlg')) throw new Refused(`the ${nounOf(message)} is not signed`);
  if (!STRONG_SIGNATURE_ALGORITHMS.has(params.get('SigAlg')!)) throw new Refused(WEAK_SIGNATURE);
  refuseDoctype(inflated(xml, message));
}
