import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { IdpIdentity } from './account-sso.oidc';

/** Room for the IdP's and the console's clocks to disagree on NotBefore / NotOnOrAfter. */
const CLOCK_SKEW_MS = 2 * 60 * 1000;
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/**
 * The attribute names IdPs send email, name and groups under: SimpleSAMLphp's and Okta's plain
 * names, Entra ID's (and ADFS's) claim URIs. The first present wins.
 */
const EMAIL_ATTRIBUTES = ['email', 'mail', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'];
const NAME_ATTRIBUTES = ['displayName', 'name', 'http://schemas.microsoft.com/identity/claims/displayname', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name'];
const GROUP_ATTRIBUTES = ['groups', 'memberOf', 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups'];

/** The console as a SAML service provider: its names, which the SSO screen shows the owner. */
export interface ServiceProviderNames {
  entityId: string;
  acsUrl: string;
  sloUrl: string;
}

/** The IdP as the owner saved it (from its metadata): where to sign in and out, its signing certificate and its entity id. */
export interface SamlIdpSettings {
  entryPoint: string;
  /** Its SingleLogoutService (HTTP-Redirect); null: the IdP offers no single logout. */
  logoutUrl: string | null;
  certPem: string;
  entityId: string;
}

/** What a started SAML sign-in keeps: the RelayState that finds it again, and the AuthnRequest's id the answer must name. */
export interface SamlStart {
  redirectUrl: string;
  state: string;
  requestId: string;
}

/** The IdP's session of a signed-in member, as a LogoutRequest names it. */
export interface SamlSubject {
  nameId: string;
  nameIdFormat: string;
  sessionIndex: string | null;
}

/**
 * node-saml checks a redirect-bound logout message's signature only when one is there: an
 * unsigned LogoutRequest would let any page log a member out, and an unsigned LogoutResponse
 * proves nothing. Both must be signed (the IdP's `sign.logout`, docs/SECURITY.md).
 */
function requireSigned(query: Record<string, string>): void {
  if (!query.Signature || !query.SigAlg) throw new Error('The identity provider’s logout message is not signed.');
}

/**
 * node-saml keeps the ids of the requests it sent in a cache, to check a response's
 * InResponseTo. Ours lives in the sign-in's row: this cache holds one id, the one the row
 * names, so a response to any other request (another browser's) is refused. It forgets nothing:
 * node-saml reads the id again for the subject's confirmation after removing it, and a replay is
 * refused before, by the row (a sign-in is claimed once).
 */
class OneRequestCache implements CacheProvider {
  /** `issuedAt`: when the request was sent (node-saml checks its age against its own expiry too). */
  constructor(
    private id: string | null = null,
    private readonly issuedAt = new Date(),
  ) {}
  get requestId(): string | null {
    return this.id;
  }
  saveAsync(key: string, value: string) {
    this.id = key;
    return Promise.resolve({ value, createdAt: Date.now() });
  }
  getAsync(key: string) {
    return Promise.resolve(key === this.id ? this.issuedAt.toISOString() : null);
  }
  removeAsync(key: string | null) {
    return Promise.resolve(key === this.id ? key : null);
  }
}

function firstText(profile: Profile, names: readonly string[]): string | null {
  for (const name of names) {
    const value = profile[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first.trim()) return first.trim();
  }
  return null;
}

function groupsOf(profile: Profile): string[] {
  for (const name of GROUP_ATTRIBUTES) {
    const value = profile[name];
    if (value === undefined) continue;
    return (Array.isArray(value) ? value : [value]).filter((g): g is string => typeof g === 'string');
  }
  return [];
}

/** What a checked assertion proves, in the shape the OIDC sign-in gives too. */
export function identityOf(profile: Profile): IdpIdentity {
  const attributeEmail = firstText(profile, EMAIL_ATTRIBUTES);
  const email = attributeEmail ?? (profile.nameIDFormat === EMAIL_FORMAT ? profile.nameID : null);
  return {
    subject: profile.nameID,
    email: email ? email.toLowerCase() : null,
    // The IdP asserts the address it holds for its own user; SAML has no separate verified flag.
    emailVerified: true,
    name: firstText(profile, NAME_ATTRIBUTES),
    groups: groupsOf(profile),
    idpSessionId: profile.sessionIndex ?? null,
    idToken: null,
  };
}

/**
 * The service provider, by @node-saml/node-saml (the library the agent's instance SSO uses):
 * AuthnRequests by HTTP-Redirect, signed Responses by HTTP-POST, the assertion's signature,
 * audience, recipient, validity and InResponseTo checked by the library, never by us.
 */
export function samlClient(sp: ServiceProviderNames) {
  function samlOf(idp: SamlIdpSettings, cache: CacheProvider): SAML {
    return new SAML({
      entryPoint: idp.entryPoint,
      logoutUrl: idp.logoutUrl ?? undefined,
      logoutCallbackUrl: sp.sloUrl,
      issuer: sp.entityId,
      callbackUrl: sp.acsUrl,
      audience: sp.entityId,
      idpCert: idp.certPem,
      idpIssuer: idp.entityId,
      identifierFormat: EMAIL_FORMAT,
      disableRequestedAuthnContext: true,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      acceptedClockSkewMs: CLOCK_SKEW_MS,
      cacheProvider: cache,
    });
  }

  return {
    async start(idp: SamlIdpSettings, state: string): Promise<SamlStart> {
      const cache = new OneRequestCache();
      const redirectUrl = await samlOf(idp, cache).getAuthorizeUrlAsync(state, undefined, {});
      if (!cache.requestId) throw new Error('node-saml issued no request id');
      return { redirectUrl, state, requestId: cache.requestId };
    },

    /** Checks the IdP's posted Response against the request it answers (the sign-in's). Throws on anything the library refuses. */
    async finish(idp: SamlIdpSettings, samlResponse: string, request: { id: string; issuedAt: Date }): Promise<IdpIdentity & { saml: SamlSubject }> {
      const { profile } = await samlOf(idp, new OneRequestCache(request.id, request.issuedAt)).validatePostResponseAsync({ SAMLResponse: samlResponse });
      if (!profile) throw new Error('The identity provider sent no assertion.');
      // node-saml checks the issuer of logout messages only; the signing certificate is the IdP's, and so must the name be.
      if (profile.issuer !== idp.entityId) throw new Error(`The assertion's issuer is not the identity provider's entity id (${idp.entityId}).`);
      return { ...identityOf(profile), saml: { nameId: profile.nameID, nameIdFormat: profile.nameIDFormat, sessionIndex: profile.sessionIndex ?? null } };
    },

    /** SP-initiated single logout: where to send the browser so the IdP ends its session too, and the request's id its answer names. */
    async logout(idp: SamlIdpSettings, subject: SamlSubject, relayState: string): Promise<{ redirectUrl: string; requestId: string } | null> {
      if (!idp.logoutUrl) return null;
      const cache = new OneRequestCache();
      const profile = { issuer: idp.entityId, nameID: subject.nameId, nameIDFormat: subject.nameIdFormat, sessionIndex: subject.sessionIndex ?? undefined };
      const redirectUrl = await samlOf(idp, cache).getLogoutUrlAsync(profile, relayState, {});
      if (!cache.requestId) throw new Error('node-saml issued no request id');
      return { redirectUrl, requestId: cache.requestId };
    },

    /** The IdP's LogoutResponse to our LogoutRequest `requestId`: its signature and InResponseTo checked; throws when refused. */
    async checkLogoutResponse(idp: SamlIdpSettings, query: Record<string, string>, rawQuery: string, requestId: string): Promise<void> {
      requireSigned(query);
      const { loggedOut } = await samlOf(idp, new OneRequestCache(requestId)).validateRedirectAsync(query, rawQuery);
      if (!loggedOut) throw new Error('The identity provider did not end its session.');
    },

    /**
     * IdP-initiated single logout: the IdP's LogoutRequest (its signature checked with the IdP's
     * certificate), the subject whose console sessions to end, and the answer to send it.
     */
    async readLogoutRequest(idp: SamlIdpSettings, query: Record<string, string>, rawQuery: string): Promise<{ subject: SamlSubject; answerUrl: (relayState: string) => Promise<string> }> {
      requireSigned(query);
      const saml = samlOf(idp, new OneRequestCache());
      const { profile } = await saml.validateRedirectAsync(query, rawQuery);
      if (!profile) throw new Error('The identity provider sent an empty LogoutRequest.');
      const subject = { nameId: profile.nameID, nameIdFormat: profile.nameIDFormat, sessionIndex: profile.sessionIndex ?? null };
      return { subject, answerUrl: (relayState) => saml.getLogoutResponseUrlAsync(profile, relayState, {}, true) };
    },
  };
}

export type SamlClient = ReturnType<typeof samlClient>;
