import * as oidc from 'openid-client';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import type { ConnectionRow } from './account-sso.repo';
import { idpFetch, type IdpFetchOptions } from './idp-fetch';

/** What a passed sign-in (OIDC, or SAML: account-sso.saml.ts) proved: the subject, its email, name and groups, and what single logout needs. */
export interface IdpIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  groups: string[];
  idpSessionId: string | null;
  idToken: string | null;
  /** SAML only: the NameID's format, which a LogoutRequest names with the NameID. */
  nameIdFormat?: string | null;
}

export interface OidcStart {
  redirectUrl: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The relying party, by openid-client (a certified library): discovery, the authorization
 * request with state, nonce and PKCE (S256), and the code exchange whose checks (issuer,
 * audience, signature, expiry, nonce, state) are the library's, never ours.
 */
export function oidcClient(fetchOpts: IdpFetchOptions, redirectUri: string) {
  const customFetch = idpFetch(fetchOpts);

  async function configOf(row: ConnectionRow, clientSecret: string): Promise<oidc.Configuration> {
    const options: oidc.DiscoveryRequestOptions = { [oidc.customFetch]: customFetch as oidc.CustomFetch, timeout: 10 };
    if (fetchOpts.allowPrivate) options.execute = [oidc.allowInsecureRequests];
    const config = await oidc.discovery(new URL(row.oidcIssuer!), row.oidcClientId!, clientSecret, oidc.ClientSecretPost(clientSecret), options);
    config[oidc.customFetch] = customFetch as oidc.CustomFetch;
    return config;
  }

  return {
    configOf,

    /** A JSON document of the IdP (its published keys), through the SSRF guard. */
    async fetchJson(url: string): Promise<unknown> {
      const answer = await customFetch(url, { method: 'GET', headers: { accept: 'application/json' } });
      if (!answer.ok) throw new Error(`The identity provider answered ${answer.status}.`);
      return answer.json();
    },

    async start(row: ConnectionRow, clientSecret: string, loginHint: string | null): Promise<OidcStart> {
      const config = await configOf(row, clientSecret);
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile groups',
        response_type: 'code',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...(loginHint && { login_hint: loginHint }),
      });
      return { redirectUrl: url.href, state, nonce, codeVerifier };
    },

    async finish(row: ConnectionRow, clientSecret: string, callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<IdpIdentity> {
      const config = await configOf(row, clientSecret);
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      const groups = Array.isArray(claims.groups) ? claims.groups.filter((g): g is string => typeof g === 'string') : [];
      return {
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
        emailVerified: claims.email_verified !== false,
        name: typeof claims.name === 'string' ? claims.name : null,
        groups,
        idpSessionId: typeof claims.sid === 'string' ? claims.sid : null,
        idToken: tokens.id_token ?? null,
      };
    },

    /** RP-initiated logout: where to send the browser so the IdP ends its session too (null when it offers none). */
    async endSessionUrl(row: ConnectionRow, clientSecret: string, idToken: string | null, postLogoutRedirectUri: string): Promise<string | null> {
      const config = await configOf(row, clientSecret);
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(config, { post_logout_redirect_uri: postLogoutRedirectUri, ...(idToken && { id_token_hint: idToken }) }).href;
    },
  };
}

export type OidcClient = ReturnType<typeof oidcClient>;

const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token is sent the moment the IdP's session ends; an older one is refused. */
const LOGOUT_TOKEN_MAX_AGE = '5m';

/**
 * OIDC back-channel logout (OpenID Connect Back-Channel Logout 1.0, section 2.6): the logout
 * token's signature by the IdP's published keys (fetched through the SSRF guard), its issuer,
 * audience (our client id) and age by jose; then the token's own rules: the logout event, a
 * `sid` or `sub`, and no `nonce`. What the IdP ended: its session id and/or subject.
 */
export async function verifyLogoutToken(
  client: OidcClient,
  row: ConnectionRow,
  clientSecret: string,
  fetchJson: (url: string) => Promise<unknown>,
  token: string,
): Promise<{ sid: string | null; sub: string | null }> {
  const metadata = (await client.configOf(row, clientSecret)).serverMetadata();
  if (!metadata.jwks_uri) throw new Error('The identity provider publishes no keys.');
  const keys = createLocalJWKSet((await fetchJson(metadata.jwks_uri)) as JSONWebKeySet);
  const { payload } = await jwtVerify(token, keys, { issuer: metadata.issuer, audience: row.oidcClientId!, maxTokenAge: LOGOUT_TOKEN_MAX_AGE, requiredClaims: ['iat', 'jti'] });
  const events = payload.events as Record<string, unknown> | undefined;
  if (!events || typeof events[BACKCHANNEL_LOGOUT_EVENT] !== 'object') throw new Error('The token is not a logout token.');
  if ('nonce' in payload) throw new Error('A logout token carries no nonce.');
  const sid = typeof payload.sid === 'string' ? payload.sid : null;
  const sub = typeof payload.sub === 'string' ? payload.sub : null;
  if (!sid && !sub) throw new Error('The logout token names no session and no subject.');
  return { sid, sub };
}
