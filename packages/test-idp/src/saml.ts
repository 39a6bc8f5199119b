import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

/**
 * The SAML 2.0 half of the test IdP: reads an AuthnRequest as the HTTP-Redirect
 * binding carries it, and writes the signed Response a real IdP would answer.
 * Built by hand (not by an IdP library) so that every field a service provider
 * checks is visible here, and a test can see what it is refused for.
 */

export const NS = {
  protocol: 'urn:oasis:names:tc:SAML:2.0:protocol',
  assertion: 'urn:oasis:names:tc:SAML:2.0:assertion',
};
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
export const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
/** What an old or misconfigured IdP still signs with, for tests of what a service provider refuses. */
const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
/** How long the response may be presented: what a real IdP gives, minutes. */
const VALID_MS = 5 * 60 * 1000;

export interface AuthnRequest {
  id: string;
  /** Where the response goes: the request's AssertionConsumerServiceURL. */
  acsUrl: string;
  /** The SP's entity id: the audience of the assertion. */
  issuer: string;
}

export interface SigningKey {
  privateKey: string;
  certPem: string;
}

export const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** The root element of the request in a SAMLRequest parameter (raw deflate, then base64), when it is a `localName`; throws otherwise. */
export function requestRoot(samlRequest: string, localName: 'AuthnRequest' | 'LogoutRequest'): Element {
  const xml = inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement;
  if (!root || root.localName !== localName || root.namespaceURI !== NS.protocol) throw new Error(`Not a SAML ${localName}`);
  return root;
}

/** The AuthnRequest in a SAMLRequest parameter; throws on anything else. */
export function readAuthnRequest(samlRequest: string): AuthnRequest {
  const root = requestRoot(samlRequest, 'AuthnRequest');
  const issuer = root.getElementsByTagNameNS(NS.assertion, 'Issuer').item(0)?.textContent?.trim() ?? '';
  const id = root.getAttribute('ID') ?? '';
  const acsUrl = root.getAttribute('AssertionConsumerServiceURL') ?? '';
  if (!id || !acsUrl || !issuer) throw new Error('The AuthnRequest lacks its ID, AssertionConsumerServiceURL or Issuer');
  return { id, acsUrl, issuer };
}

export const newId = () => `_${randomBytes(16).toString('hex')}`;

/** Signs the element `localName` (found by xpath) in place, the signature placed after its Issuer, as SAML asks. */
function sign(xml: string, localName: 'Assertion' | 'Response', key: SigningKey, sha1 = false): string {
  const signatureAlgorithm = sha1 ? RSA_SHA1 : RSA_SHA256;
  const signer = new SignedXml({ privateKey: key.privateKey, publicCert: key.certPem, signatureAlgorithm, canonicalizationAlgorithm: EXC_C14N });
  const element = localName === 'Response' ? "/*[local-name(.)='Response']" : "/*[local-name(.)='Response']/*[local-name(.)='Assertion']";
  signer.addReference({ xpath: element, transforms: [ENVELOPED, EXC_C14N], digestAlgorithm: sha1 ? SHA1 : SHA256 });
  signer.computeSignature(xml, { prefix: 'ds', location: { reference: `${element}/*[local-name(.)='Issuer']`, action: 'after' } });
  return signer.getSignedXml();
}

export interface Answer {
  idpEntityId: string;
  email: string;
  name: string;
  nowMs: number;
}

/**
 * What a test may change in an otherwise correct answer, each still signed by the key given:
 * the assertion's Recipient and the response's Destination (the request's ACS URL by default),
 * RSA-SHA1 with SHA-1 digests instead of RSA-SHA256, a DOCTYPE before the signed document,
 * and no InResponseTo anywhere: an IdP-initiated ("unsolicited") response.
 */
export interface Deviations {
  recipient?: string;
  destination?: string;
  sha1?: boolean;
  doctype?: string;
  unsolicited?: boolean;
}

/** The base64 SAMLResponse answering `request` for `email`: assertion signed, then the whole response signed over it. */
export function buildResponse(request: AuthnRequest, answer: Answer, key: SigningKey, deviations: Deviations = {}): string {
  const at = (ms: number) => new Date(ms).toISOString();
  const now = at(answer.nowMs);
  const until = at(answer.nowMs + VALID_MS);
  const issuer = `<saml:Issuer>${escapeXml(answer.idpEntityId)}</saml:Issuer>`;
  const inResponseTo = deviations.unsolicited ? '' : ` InResponseTo="${escapeXml(request.id)}"`;
  const assertion = `<saml:Assertion xmlns:saml="${NS.assertion}" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ID="${newId()}" Version="2.0" IssueInstant="${now}">${issuer}<saml:Subject><saml:NameID Format="${EMAIL_FORMAT}">${escapeXml(answer.email)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseTo} Recipient="${escapeXml(deviations.recipient ?? request.acsUrl)}" NotOnOrAfter="${until}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${at(answer.nowMs - 60_000)}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${escapeXml(request.issuer)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${now}" SessionIndex="${newId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement><saml:Attribute Name="name" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xsi:type="xs:string">${escapeXml(answer.name)}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement></saml:Assertion>`;
  const response = `<samlp:Response xmlns:samlp="${NS.protocol}" xmlns:saml="${NS.assertion}" ID="${newId()}" Version="2.0" IssueInstant="${now}" Destination="${escapeXml(deviations.destination ?? request.acsUrl)}"${inResponseTo}>${issuer}<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
  const signed = sign(sign(response, 'Assertion', key, deviations.sha1), 'Response', key, deviations.sha1);
  return Buffer.from(`${deviations.doctype ?? ''}${signed}`).toString('base64');
}

/** The IdP's metadata, so a console (or a person) can read the entity id, SSO URL and certificate from one place. */
export function idpMetadata(entityId: string, ssoUrl: string, sloUrl: string, certPem: string): string {
  const cert = certPem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, '');
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${escapeXml(entityId)}"><md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="${NS.protocol}"><md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${cert}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor><md:NameIDFormat>${EMAIL_FORMAT}</md:NameIDFormat><md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${escapeXml(ssoUrl)}"/><md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${escapeXml(sloUrl)}"/></md:IDPSSODescriptor></md:EntityDescriptor>`;
}
