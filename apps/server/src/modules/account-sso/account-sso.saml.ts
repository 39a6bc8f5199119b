import { randomBytes } from 'node:crypto';
import { SAML, generateServiceProviderMetadata, type CacheProvider, type Profile } from '@node-saml/node-saml';
import {
  EMAIL_FORMAT,
  withRedirectSlo,
  bindingParams,
  checkRecipient,
  checkResponseXml,
  checkSignedRedirect,
  samlOptions,
  type IdentityProviderSettings,
  type RedirectMessage,
  type ServiceProviderNames,
  type SpSigningKey,
} from '@replay/saml-sp';
import type { IdpIdentity } from './account-sso.oidc';

/**
 * The attribute names IdPs send email, name and groups under: SimpleSAMLphp's and Okta's plain
 * names, Entra ID's (and ADFS's) claim URIs. The first present wins.
 */
const EMAIL_ATTRIBUTES = ['email', 'mail', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'];
const NAME_ATTRIBUTES = ['displayName', 'name', 'http://schemas.microsoft.com/identity/claims/displayname', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name'];
const GROUP_ATTRIBUTES = ['groups', 'memberOf', 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups'];

/** The console as a SAML service provider (its names, which the SSO screen shows the owner), and the IdP as the owner saved it. */
export type { ServiceProviderNames };
export type SamlIdpSettings = IdentityProviderSettings;

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
 * A redirect-bound logout message's parameters, read once from the raw query (the single-parameter
 * rule), signed (node-saml checks a signature only when there is one: an unsigned LogoutRequest
 * would let any page log a member out) with SHA-256 or stronger, no DOCTYPE. The IdP's
 * `sign.logout`, docs/SECURITY.md.
 */
function signedRedirect(rawQuery: string, message: RedirectMessage): Record<string, string> {
  const params = bindingParams(rawQuery, message);
  checkSignedRedirect(params, message);
  return Object.fromEntries(params);
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
  /** `signing`: the connection's own key, when it has one: what node-saml makes (AuthnRequest, LogoutRequest, LogoutResponse) it signs. */
  const samlOf = (idp: SamlIdpSettings, cache: CacheProvider, signing: SpSigningKey | null = null, generateUniqueId?: () => string): SAML =>
    new SAML({ ...samlOptions({ sp, idp, cache, signing }), ...(generateUniqueId && { generateUniqueId }) });

  return {
    /**
     * The console's SP metadata, the same addresses for every account (one entity id, one ACS, one
     * SLO URL: the sign-in's RelayState, not the address, names the account's connection); with a
     * connection's signing key, its certificate as the signing KeyDescriptor (node-saml names a
     * certificate only when it is given the key too; the key is not written).
     */
    metadata(signing: SpSigningKey | null = null): string {
      const names = { issuer: sp.entityId, callbackUrl: sp.acsUrl, logoutCallbackUrl: sp.sloUrl, identifierFormat: EMAIL_FORMAT, wantAssertionsSigned: true };
      const generated = generateServiceProviderMetadata({ ...names, ...(signing && { privateKey: signing.privateKeyPem, publicCerts: signing.certPem }) });
      // node-saml always names HTTP-POST for the SLO endpoint; /sso/saml/slo takes HTTP-Redirect.
      return withRedirectSlo(generated);
    },

    async start(idp: SamlIdpSettings, state: string, signing: SpSigningKey | null = null): Promise<SamlStart> {
      const cache = new OneRequestCache();
      const redirectUrl = await samlOf(idp, cache, signing).getAuthorizeUrlAsync(state, undefined, {});
      if (!cache.requestId) throw new Error('node-saml issued no request id');
      return { redirectUrl, state, requestId: cache.requestId };
    },

    /** Checks the IdP's posted Response against the request it answers (the sign-in's). Throws on anything the library refuses. */
    async finish(idp: SamlIdpSettings, samlResponse: string, request: { id: string; issuedAt: Date }): Promise<IdpIdentity & { saml: SamlSubject }> {
      // No DOCTYPE, SHA-256 or stronger, the Destination ours (shared with the agent): node-saml checks none of these.
      await checkResponseXml(Buffer.from(samlResponse, 'base64').toString('utf8'), sp.acsUrl);
      const { profile } = await samlOf(idp, new OneRequestCache(request.id, request.issuedAt)).validatePostResponseAsync({ SAMLResponse: samlResponse });
      if (!profile) throw new Error('The identity provider sent no assertion.');
      checkRecipient(profile, sp.acsUrl);
      // node-saml checks the issuer of logout messages only; the signing certificate is the IdP's, and so must the name be.
      if (profile.issuer !== idp.entityId) throw new Error(`The assertion's issuer is not the identity provider's entity id (${idp.entityId}).`);
      return { ...identityOf(profile), saml: { nameId: profile.nameID, nameIdFormat: profile.nameIDFormat, sessionIndex: profile.sessionIndex ?? null } };
    },

    /**
     * SP-initiated single logout: where to send the browser so the IdP ends its session too, and
     * the request's id its answer names. The id is chosen first, so RelayState may carry it.
     */
    async logout(
      idp: SamlIdpSettings,
      subject: SamlSubject,
      relayState: string | ((requestId: string) => string),
      signing: SpSigningKey | null = null,
    ): Promise<{ redirectUrl: string; requestId: string } | null> {
      if (!idp.logoutUrl) return null;
      const requestId = `_${randomBytes(20).toString('hex')}`;
      const profile = { issuer: idp.entityId, nameID: subject.nameId, nameIDFormat: subject.nameIdFormat, sessionIndex: subject.sessionIndex ?? undefined };
      const relay = typeof relayState === 'string' ? relayState : relayState(requestId);
      const redirectUrl = await samlOf(idp, new OneRequestCache(), signing, () => requestId).getLogoutUrlAsync(profile, relay, {});
      return { redirectUrl, requestId };
    },

    /** The IdP's LogoutResponse to our LogoutRequest `requestId`: its signature and InResponseTo checked; throws when refused. */
    async checkLogoutResponse(idp: SamlIdpSettings, rawQuery: string, requestId: string): Promise<void> {
      const query = signedRedirect(rawQuery, 'SAMLResponse');
      const { loggedOut } = await samlOf(idp, new OneRequestCache(requestId)).validateRedirectAsync(query, rawQuery);
      if (!loggedOut) throw new Error('The identity provider did not end its session.');
    },

    /**
     * IdP-initiated single logout: the IdP's LogoutRequest (its signature checked with the IdP's
     * certificate), the subject whose console sessions to end, and the answer to send it (signed
     * with `signing`: an IdP that requires signed logout messages checks the answer too).
     */
    async readLogoutRequest(idp: SamlIdpSettings, rawQuery: string, signing: SpSigningKey | null = null): Promise<{ subject: SamlSubject; answerUrl: (relayState: string) => Promise<string> }> {
      const query = signedRedirect(rawQuery, 'SAMLRequest');
      const saml = samlOf(idp, new OneRequestCache(), signing);
      const { profile } = await saml.validateRedirectAsync(query, rawQuery);
      if (!profile) throw new Error('The identity provider sent an empty LogoutRequest.');
      const subject = { nameId: profile.nameID, nameIdFormat: profile.nameIDFormat, sessionIndex: profile.sessionIndex ?? null };
      return { subject, answerUrl: (relayState) => saml.getLogoutResponseUrlAsync(profile, relayState, {}, true) };
    },
  };
}

export type SamlClient = ReturnType<typeof samlClient>;
