import type { CacheProvider, SamlConfig, ValidateInResponseTo } from '@node-saml/node-saml';

/**
 * The node-saml option set every service provider of ours uses (the agent's instance SSO, the
 * console's sign-in): one place, so that a check switched on for one is on for both.
 */

/** Room for the IdP's and the SP's clocks to disagree when checking NotBefore / NotOnOrAfter. */
export const CLOCK_SKEW_MS = 2 * 60 * 1000;
export const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
/** node-saml's ValidateInResponseTo.always, without loading node-saml to read it (the agent loads it with the first SSO request). */
const ALWAYS = 'always' as ValidateInResponseTo;

/** The service provider's own names: SAML's entity id is its metadata's URL. */
export interface ServiceProviderNames {
  entityId: string;
  acsUrl: string;
  sloUrl: string;
}

/** The IdP as saved: where to sign in and out, its signing certificate and its entity id. */
export interface IdentityProviderSettings {
  entryPoint: string;
  /** Its SingleLogoutService (HTTP-Redirect); null: the IdP offers no single logout. */
  logoutUrl: string | null;
  certPem: string;
  entityId: string;
}

/** A service provider's own signing key (PKCS#8 PEM, kept sealed by its owner) and its certificate (PEM, public). */
export interface SpSigningKey {
  privateKeyPem: string;
  certPem: string;
}

export interface SpOptions {
  sp: ServiceProviderNames;
  idp: IdentityProviderSettings;
  /** Where issued request ids are kept, for InResponseTo. */
  cache: CacheProvider;
  /** How long an issued request may be answered; node-saml's default when left out. */
  requestIdExpirationPeriodMs?: number;
  /** The SP's own key: its AuthnRequests and logout messages go signed (RSA-SHA256); none: unsigned. */
  signing?: SpSigningKey | null;
}

export function samlOptions({ sp, idp, cache, requestIdExpirationPeriodMs, signing }: SpOptions): SamlConfig {
  return {
    entryPoint: idp.entryPoint,
    // node-saml falls back to the entry point without one; callers only ask for logout URLs when there is one.
    logoutUrl: idp.logoutUrl ?? undefined,
    logoutCallbackUrl: sp.sloUrl,
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    audience: sp.entityId,
    idpCert: idp.certPem,
    idpIssuer: idp.entityId,
    identifierFormat: EMAIL_FORMAT,
    // Whatever way the IdP signs its people in (MFA, passkeys) is its business.
    disableRequestedAuthnContext: true,
    // The assertion must carry the IdP's signature; a signature over the whole response is checked when present (IdPs differ).
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ALWAYS,
    ...(requestIdExpirationPeriodMs !== undefined && { requestIdExpirationPeriodMs }),
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    cacheProvider: cache,
    // node-saml signs every redirect message it makes when given a key (the query, as the binding signs); its default algorithm is SHA-1.
    ...(signing && { privateKey: signing.privateKeyPem, publicCert: signing.certPem, signatureAlgorithm: 'sha256' as const }),
  };
}

/** The SP's metadata, from node-saml's generator: the SLO endpoint named with the HTTP-Redirect binding, the one our SLO endpoints take. */
export function withRedirectSlo(generated: string): string {
  return generated.replace(/(<SingleLogoutService Binding=")urn:oasis:names:tc:SAML:2\.0:bindings:HTTP-POST(")/, '$1urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect$2');
}
