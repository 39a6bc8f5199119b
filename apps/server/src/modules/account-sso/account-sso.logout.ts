import { ACCOUNT_SSO_MESSAGES, SSO_IDP_AUDIT_NAME, SSO_LOGOUT_AUDIT_ACTIONS, routes, type AccountSsoProtocol } from '@replay/contracts';
import type { AuditEvent } from '../audit/audit-actor.door';
import { EMAIL_FORMAT, bindingParams, claimedIssuer, inflated } from '@replay/saml-sp';
import type { Db } from '../../db/client';
import { RATE_RULES, rateKeys, rateLimiter } from '../../lib/rate-limit';
import { openSealed, seal, type SealKey } from '../../lib/seal';
import { accountSsoRepo, type ConnectionRow } from './account-sso.repo';
import { clientSecretOf, samlSigningOf } from './account-sso.service';
import { ssoSignInsRepo } from './account-sso.sign-ins-repo';
import { verifyLogoutToken, type OidcClient } from './account-sso.oidc';
import { decodeJwt } from 'jose';
import type { SamlClient } from './account-sso.saml';
import { samlIdpOf } from './account-sso.saml-sign-in';
import type { Clock } from '../../lib/time';

/** How long the IdP has to answer our LogoutRequest: the browser is there and back in seconds. */
const LOGOUT_ANSWER_TTL_MS = 10 * 60 * 1000;
/** What the sealed RelayState of our LogoutRequest is bound to: nothing else opens it. */
const LOGOUT_RELAY = 'account-sso-saml-logout-v1';

export interface SsoLogoutDeps {
  db: Db;
  clock: Clock;
  sealKey: SealKey;
  oidc: OidcClient;
  saml: SamlClient;
  publicUrl: string;
  /** The auth module's sessions: ending one is a row every console process reads. */
  sessions: { revoke(sessionId: string): Promise<boolean> };
}

/** What an IdP's logout ended, for the audit trail: in which account, by which protocol, whose sessions and how many. */
export interface IdpLogout {
  tenantId: string;
  protocol: AccountSsoProtocol;
  connectionId: string;
  /** The IdP's name for the person (SAML NameID, OIDC sub); null when the logout token named only its session. */
  subject: string | null;
  people: { userId: string; email: string }[];
  sessionsEnded: number;
}

/** The audit trail's row of an IdP's logout: the IdP is the actor (no member, no key); whose sessions ended is in its details. */
export function idpLogoutAuditEvent(ended: IdpLogout): AuditEvent {
  const { tenantId, ...details } = ended;
  return { actor: { userId: null, tenantId, name: SSO_IDP_AUDIT_NAME, email: '' }, action: SSO_LOGOUT_AUDIT_ACTIONS[ended.protocol], details: { ...details } };
}

/** Where the browser goes (and, for the IdP's LogoutRequest, what it ended), or why the message was refused (in words for a person). */
export type SloAnswer = { location: string; ended?: IdpLogout } | { refused: string };

/** The binding's parameters, each once (the message it carries names the refusal's words); null when malformed. */
function redirectParams(rawQuery: string): Map<string, string> | null {
  try {
    return bindingParams(rawQuery, rawQuery.includes('SAMLRequest=') ? 'SAMLRequest' : 'SAMLResponse');
  } catch {
    return null;
  }
}

/** The Issuer a LogoutRequest claims (checked later by its signature); null for anything that is not one. */
async function requestIssuer(params: Map<string, string>): Promise<string | null> {
  try {
    // Awaited here: a message that is not deflated base64 throws at once, and is refused as any other.
    return await claimedIssuer(inflated(params.get('SAMLRequest') ?? '', 'SAMLRequest'));
  } catch {
    return null;
  }
}

/** Ends the console sessions `kept` of `row`'s IdP; what ended (sessions still live until now, and their people), for the trail. */
async function endSessions(sessions: SsoLogoutDeps['sessions'], row: ConnectionRow, subject: string | null, kept: readonly { sessionId: string; userId: string; email: string }[]): Promise<IdpLogout> {
  const people = new Map<string, string>();
  let sessionsEnded = 0;
  for (const session of kept) {
    if (!(await sessions.revoke(session.sessionId))) continue;
    sessionsEnded += 1;
    people.set(session.userId, session.email);
  }
  return { tenantId: row.tenantId, protocol: row.protocol, connectionId: row.id, subject, people: [...people].map(([userId, email]) => ({ userId, email })), sessionsEnded };
}

async function samlLogoutUrl(deps: SsoLogoutDeps, row: ConnectionRow, kept: { subject: string; samlNameIdFormat: string | null; idpSessionId: string | null }): Promise<string | null> {
  const subject = { nameId: kept.subject, nameIdFormat: kept.samlNameIdFormat ?? EMAIL_FORMAT, sessionIndex: kept.idpSessionId };
  const expiresAt = deps.clock.now().getTime() + LOGOUT_ANSWER_TTL_MS;
  const relay = (requestId: string) => seal(deps.sealKey, JSON.stringify({ connectionId: row.id, requestId, expiresAt }), LOGOUT_RELAY);
  return (await deps.saml.logout(samlIdpOf(row), subject, relay, samlSigningOf(deps.sealKey, row)))?.redirectUrl ?? null;
}

/**
 * Single logout, both ways. Signing out of the console sends the browser on to the IdP's logout
 * (OIDC end_session_endpoint with id_token_hint; SAML LogoutRequest by HTTP-Redirect). The IdP
 * ending its session ends the console sessions it opened: SAML's signed LogoutRequest at
 * /sso/saml/slo (answered with a LogoutResponse), OIDC's back-channel logout token.
 */
export function createSsoLogoutService(deps: SsoLogoutDeps) {
  const connections = accountSsoRepo(deps.db);
  const signIns = ssoSignInsRepo(deps.db);
  const base = deps.publicUrl.replace(/\/+$/, '');
  const limits = rateLimiter(deps);

  /** The IdP's LogoutRequest: checked against each connection to the IdP it names (its certificate decides), the sessions of its subject ended. */
  async function idpInitiated(rawQuery: string, params: Map<string, string>): Promise<SloAnswer> {
    const refused = { refused: 'The sign-out request is not signed by an identity provider this console knows.' };
    const issuer = await requestIssuer(params);
    if (!issuer) return refused;
    for (const row of await connections.samlConnectionsOf(issuer)) {
      const read = await deps.saml.readLogoutRequest(samlIdpOf(row), rawQuery, samlSigningOf(deps.sealKey, row)).catch(() => null);
      if (!read) continue;
      const { nameId, sessionIndex } = read.subject;
      const kept = (await signIns.sessionsFor(row.id, sessionIndex ? { idpSessionId: sessionIndex } : { subject: nameId })).filter((k) => k.subject === nameId);
      const ended = await endSessions(deps.sessions, row, nameId, kept);
      return { location: await read.answerUrl(params.get('RelayState') ?? ''), ended };
    }
    return refused;
  }

  /** The IdP's LogoutResponse to our LogoutRequest (its id in our sealed RelayState). The console session ended before the browser left. */
  async function answered(rawQuery: string, params: Map<string, string>): Promise<SloAnswer> {
    const refused = { refused: 'The identity provider’s sign-out answer could not be checked. You are signed out of the console.' };
    const opened = openSealed(deps.sealKey, params.get('RelayState') ?? '', LOGOUT_RELAY);
    const relay = opened ? (JSON.parse(opened) as { connectionId: string; requestId: string; expiresAt: number }) : null;
    if (!relay || relay.expiresAt < deps.clock.now().getTime()) return refused;
    const row = await connections.connectionById(relay.connectionId);
    if (row?.protocol !== 'saml') return refused;
    const checked = await deps.saml.checkLogoutResponse(samlIdpOf(row), rawQuery, relay.requestId).then(
      () => true,
      () => false,
    );
    return checked ? { location: `${base}${routes.login()}` } : refused;
  }

  return {
    /** SP-initiated: where the browser goes so the IdP ends its session too; null for a session not opened by SSO, or an IdP without logout. */
    async idpLogoutUrl(sessionId: string): Promise<string | null> {
      const kept = await signIns.sessionOf(sessionId);
      const row = kept ? await connections.connectionById(kept.connectionId) : null;
      if (!kept || !row) return null;
      try {
        if (row.protocol === 'saml') return await samlLogoutUrl(deps, row, kept);
        const idToken = kept.idTokenSealed ? openSealed(deps.sealKey, kept.idTokenSealed, sessionId) : null;
        return await deps.oidc.endSessionUrl(row, clientSecretOf(deps.sealKey, row) ?? '', idToken, `${base}${routes.login()}`);
      } catch {
        // An IdP that cannot be reached must not undo the sign-out: the console's session has ended.
        return null;
      }
    },

    /**
     * POST /sso/oidc/backchannel-logout: the IdP's logout token, verified against the connection
     * its issuer and audience name; the console sessions of that IdP session (or subject) end.
     * What it ended when it was taken (the IdP is answered 200), null otherwise (400).
     */
    async backchannelLogout(token: string, ip: string): Promise<IdpLogout | null> {
      await limits.hit([{ key: rateKeys.ssoBackchannelFromAddress(ip), rule: RATE_RULES.ssoBackchannelFromAddress }], ACCOUNT_SSO_MESSAGES.tooManyRequests);
      let claimed: { iss?: string; aud?: string | string[] };
      try {
        claimed = decodeJwt(token);
      } catch {
        return null;
      }
      const audiences = Array.isArray(claimed.aud) ? claimed.aud : [claimed.aud];
      for (const row of claimed.iss ? await connections.oidcConnectionsOf(claimed.iss) : []) {
        if (!audiences.includes(row.oidcClientId ?? '')) continue;
        const ended = await verifyLogoutToken(deps.oidc, row, clientSecretOf(deps.sealKey, row) ?? '', deps.oidc.fetchJson, token).catch(() => null);
        if (!ended) continue;
        const kept = (await signIns.sessionsFor(row.id, ended.sid ? { idpSessionId: ended.sid } : { subject: ended.sub! })).filter((k) => !ended.sub || k.subject === ended.sub);
        return endSessions(deps.sessions, row, ended.sub ?? null, kept);
      }
      return null;
    },

    /** GET /sso/saml/slo: the IdP's LogoutRequest (IdP-initiated) or its LogoutResponse (to ours), by the HTTP-Redirect binding. */
    async samlSlo(rawQuery: string, ip: string): Promise<SloAnswer> {
      await limits.hit([{ key: rateKeys.ssoLogoutFromAddress(ip), rule: RATE_RULES.ssoLogoutFromAddress }], ACCOUNT_SSO_MESSAGES.tooManyRequests);
      const params = redirectParams(rawQuery);
      if (params?.has('SAMLRequest')) return idpInitiated(rawQuery, params);
      if (params?.has('SAMLResponse')) return answered(rawQuery, params);
      return { refused: 'The identity provider sent no sign-out message.' };
    },
  };
}

export type SsoLogoutService = ReturnType<typeof createSsoLogoutService>;
