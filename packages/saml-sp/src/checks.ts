import type * as NodeSaml from '@node-saml/node-saml';
import type * as XmlDom from '@xmldom/xmldom';

/**
 * What a service provider of ours (the agent's instance SSO, the console's sign-in) checks in a
 * SAML message besides what node-saml does: node-saml verifies the signature with any algorithm
 * xml-crypto knows (RSA-SHA1 included), parses a DOCTYPE, and reads neither a Response's
 * Destination nor its assertion's Recipient (issue 42, point 8). The XML library is loaded with
 * the first SSO request, as node-saml is.
 */

/** A refusal whose message is already in words for a person. */
export class Refused extends Error {}

/** RSA with SHA-256 or SHA-512: what the HTTP-Redirect binding's SigAlg and an XML signature may use. SHA-1 signatures can be forged by now. */
export const STRONG_SIGNATURE_ALGORITHMS: ReadonlySet<string> = new Set(['http://www.w3.org/2001/04/xmldsig-more#rsa-sha256', 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512']);
const STRONG_DIGESTS: ReadonlySet<string> = new Set(['http://www.w3.org/2001/04/xmlenc#sha256', 'http://www.w3.org/2001/04/xmlenc#sha512']);
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

export const WEAK_SIGNATURE = 'the response is signed with a weak algorithm (SHA-256 or stronger is required)';
export const MISADDRESSED = 'the response is addressed to another service provider';
const DOCTYPE = 'the response holds a document type declaration, which SAML does not allow';

let loading: Promise<typeof XmlDom> | null = null;
const xmlDom = (): Promise<typeof XmlDom> => (loading ??= import('@xmldom/xmldom'));

/**
 * Refuses a document with a DOCTYPE before any parser sees it. SAML never has one; a DTD is how
 * entity expansion and external fetches get in, and parsers differ on what they do with it, so
 * the text is refused as a whole rather than trusting one parser's reading of it.
 */
export function refuseDoctype(xml: string): void {
  if (/<!DOCTYPE/i.test(xml)) throw new Refused(DOCTYPE);
}

/** The document, parsed strictly: a malformed one is refused rather than read leniently. */
async function parse(xml: string): Promise<Document> {
  const { DOMParser } = await xmlDom();
  const fail = () => {
    throw new Refused('the response is not well-formed XML');
  };
  const doc = new DOMParser({ locator: {}, errorHandler: { warning: () => undefined, error: fail, fatalError: fail } }).parseFromString(xml, 'text/xml');
  if (!doc?.documentElement) fail();
  return doc;
}

/**
 * The checks on a Response's XML before node-saml reads it: no DOCTYPE, every signature in it
 * RSA-SHA256 or stronger over SHA-256 or stronger digests (whichever of them node-saml ends up
 * verifying), and a Destination that is this ACS URL: present whenever the Response itself is
 * signed (SAML's bindings require it then), equal to it whenever present.
 */
export async function checkResponseXml(xml: string, acsUrl: string): Promise<void> {
  refuseDoctype(xml);
  const doc = await parse(xml);
  for (const method of Array.from(doc.getElementsByTagNameNS(DSIG, 'SignatureMethod'))) {
    if (!STRONG_SIGNATURE_ALGORITHMS.has(method.getAttribute('Algorithm') ?? '')) throw new Refused(WEAK_SIGNATURE);
  }
  for (const method of Array.from(doc.getElementsByTagNameNS(DSIG, 'DigestMethod'))) {
    if (!STRONG_DIGESTS.has(method.getAttribute('Algorithm') ?? '')) throw new Refused(WEAK_SIGNATURE);
  }
  const root = doc.documentElement;
  const responseSigned = Array.from(root.childNodes).some((node) => (node as Element).localName === 'Signature' && (node as Element).namespaceURI === DSIG);
  const destination = root.getAttribute('Destination');
  if ((destination !== null && destination !== '') || responseSigned) {
    if (destination !== acsUrl) throw new Refused(MISADDRESSED);
  }
}

type Parsed = { $?: Record<string, string> } & Record<string, unknown>;
const children = (node: Parsed | undefined, name: string): Parsed[] => (Array.isArray(node?.[name]) ? (node[name] as Parsed[]) : []);

/**
 * The bearer confirmation's Recipient, read from the assertion node-saml verified (never from
 * the unsigned document around it): each must name this ACS URL, and there must be one. An
 * assertion issued to another service provider's ACS is that provider's, whoever brings it.
 */
export function checkRecipient(profile: NodeSaml.Profile, acsUrl: string): void {
  const assertion = (profile.getAssertion?.() as { Assertion?: Parsed } | undefined)?.Assertion;
  const confirmations = children(assertion, 'Subject').flatMap((subject) => children(subject, 'SubjectConfirmation'));
  const bearers = confirmations.filter((confirmation) => confirmation.$?.Method === BEARER);
  const data = bearers.flatMap((confirmation) => children(confirmation, 'SubjectConfirmationData'));
  if (data.length === 0 || data.some((entry) => entry.$?.Recipient !== acsUrl)) throw new Refused(MISADDRESSED);
}

const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';

/**
 * The Issuer a message names, read before its signature is checked: only to pick whose
 * certificate checks it (never trusted by itself). Null when the XML is not a message.
 */
export async function claimedIssuer(xml: string): Promise<string | null> {
  refuseDoctype(xml);
  const issuer = Array.from((await parse(xml)).documentElement.childNodes).find((node) => (node as Element).localName === 'Issuer' && (node as Element).namespaceURI === ASSERTION);
  return issuer?.textContent?.trim() || null;
}
