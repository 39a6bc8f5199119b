import { sign } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { NS, RSA_SHA256, escapeXml, newId, requestRoot, type SigningKey } from './saml.ts';

/**
 * Single logout at the test IdP: reads a LogoutRequest (HTTP-Redirect binding)
 * and answers with a LogoutResponse by the same binding, signed as that binding
 * signs (SigAlg and Signature over the query string, RSA-SHA256), as node-saml's
 * validateRedirectAsync checks.
 *
 * Where the answer goes: a LogoutRequest names no return address, and this IdP
 * keeps no registry of SPs, so it answers at `{origin of the request's Issuer}/sso/slo`:
 * the agent's entity id is its metadata URL, on the origin that also serves its SLO endpoint.
 */

export interface LogoutRequest {
  id: string;
  /** The SP's entity id. */
  issuer: string;
  nameId: string;
  sessionIndex: string | null;
}

/** The LogoutRequest in a SAMLRequest parameter; throws on anything else. */
export function readLogoutRequest(samlRequest: string): LogoutRequest {
  const root = requestRoot(samlRequest, 'LogoutRequest');
  const text = (ns: string, name: string) => root.getElementsByTagNameNS(ns, name).item(0)?.textContent?.trim() ?? '';
  const id = root.getAttribute('ID') ?? '';
  const issuer = text(NS.assertion, 'Issuer');
  const nameId = text(NS.assertion, 'NameID');
  if (!id || !issuer || !nameId) throw new Error('The LogoutRequest lacks its ID, Issuer or NameID');
  return { id, issuer, nameId, sessionIndex: text(NS.protocol, 'SessionIndex') || null };
}

/** Where the SP takes the answer: see above. */
export const spSloUrl = (request: LogoutRequest): string => `${new URL(request.issuer).origin}/sso/slo`;

/**
 * The URL that carries a signed, successful LogoutResponse to `request` back to the SP, with
 * `relayState` when the request had one; `doctype` goes before the XML, for tests of what an SP refuses.
 */
export function logoutResponseUrl(request: LogoutRequest, relayState: string | null, idpEntityId: string, key: SigningKey, doctype = ''): string {
  const destination = spSloUrl(request);
  const xml = `<samlp:LogoutResponse xmlns:samlp="${NS.protocol}" xmlns:saml="${NS.assertion}" ID="${newId()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${escapeXml(destination)}" InResponseTo="${escapeXml(request.id)}"><saml:Issuer>${escapeXml(idpEntityId)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status></samlp:LogoutResponse>`;
  const enc = encodeURIComponent;
  // The binding's order: SAMLResponse, RelayState (when present), SigAlg; the signature is over exactly these bytes.
  let query = `SAMLResponse=${enc(deflateRawSync(Buffer.from(`${doctype}${xml}`)).toString('base64'))}`;
  if (relayState) query += `&RelayState=${enc(relayState)}`;
  query += `&SigAlg=${enc(RSA_SHA256)}`;
  const signature = sign('RSA-SHA256', Buffer.from(query), key.privateKey).toString('base64');
  return `${destination}?${query}&Signature=${enc(signature)}`;
}
