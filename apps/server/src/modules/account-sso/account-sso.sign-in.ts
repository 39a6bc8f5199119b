import { ACCOUNT_SSO_MESSAGES, SSO_SIGN_IN_TTL_MS, emailDomainOf, isUuid, routes } from '@replay/contracts';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { TargetRefused } from '../../lib/ssrf-guard';
import { IdpRefused } from './idp-fetch';
import { hashToken, newId, newSecretToken } from '../../lib/ids';
import { loadPrincipal, type Principal } from '../../lib/principal';
import { RATE_RULES, rateKeys, rateLimiter } from '../../lib/rate-limit';
import { openSealed, seal, type SealKey } from '../../lib/seal';
import { accountSsoRepo, type ConnectionRow } from './account-sso.repo';
import { assertOwner, clientSecretOf, samlSigningOf } from './account-sso.service';
import { ssoSignInsRepo, type SignInRow } from './account-sso.sign-ins-repo';
import { findOrCreateMember } from './account-sso.members-repo';
import type { IdpIdentity, OidcClient } from './account-sso.oidc';
import { ssoDomainsRepo } from './account-sso.domains-repo';
import type { SamlClient } from './account-sso.saml';
import { samlAcs, startSaml, takeSamlOutcome } from './account-sso.saml-sign-in';
import type { Clock } from '../../lib/time';

/** A ticket is exchanged by the page the browser lands on, at once. */
const TICKET_TTL_MS = 60_000;

export interface SsoSignInDeps {
  db: Db;
  clock: Clock;
  sealKey: SealKey;
  oidc: OidcClient;
  saml: SamlClient;
  /** SSO_ALLOW_PRIVATE_IDPS: plain-http IdP addresses allowed (a private network, the tests). */
  allowPrivate: boolean;
  publicUrl: string;
}

/** Where the browser is sent, and the value of its binding cookie (a started sign-in only). */
export interface Started {
  redirectUrl: string;
  binding: string;
}

/** What a finished sign-in keeps for single logout, sealed in its row until the ticket is redeemed. */
interface IdpSession {
  subject: string;
  idpSessionId: string | null;
  idToken: string | null;
  nameIdFormat?: string | null;
}

/** Whether the guard refused the address (the protocol library wraps what its fetch threw). */
function refusedByGuard(e: unknown): boolean {
  for (let cause = e, depth = 0; cause && depth < 5; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    if (cause instanceof TargetRefused || cause instanceof IdpRefused) return true;
  }
  return false;
}

/** Which role the groups give: the first mapping row naming one of them, else the default. */
export function roleFor(row: Pick<ConnectionRow, 'groupRoles' | 'defaultRoleId'>, groups: readonly string[]): string {
  return row.groupRoles.find((m) => groups.includes(m.group))?.roleId ?? row.defaultRoleId;
}

const baseOf = (deps: SsoSignInDeps): string => deps.publicUrl.replace(/\/+$/, '');

/** The account is full: the person is told so on the login page, not a bare failure. */
class NoSeatLeft extends Error {}

/** Where a refused admission sends the browser: the login page, saying why when it is the seats. */
const refusedTo = (deps: SsoSignInDeps, e: unknown): string => `${baseOf(deps)}${routes.login({ query: { sso: e instanceof NoSeatLeft ? 'no-seat' : 'failed' } })}`;

/** Members of the account only, by an email of one of its verified domains. */
async function admit(deps: SsoSignInDeps, signIn: SignInRow, row: ConnectionRow, who: IdpIdentity): Promise<string> {
  const email = who.email;
  if (!email || !who.emailVerified) throw new Error(ACCOUNT_SSO_MESSAGES.noEmail);
  const mine = await ssoDomainsRepo(deps.db).domains(row.tenantId);
  if (!mine.some((d) => d.verifiedAt && d.domain === emailDomainOf(email))) throw new Error(ACCOUNT_SSO_MESSAGES.noEmail);
  const member = await findOrCreateMember(deps.db, { tenantId: row.tenantId, email, name: who.name ?? email, roleId: roleFor(row, who.groups), now: deps.clock.now() });
  if ('refused' in member) throw member.refused === 'no-seat' ? new NoSeatLeft() : new Error(ACCOUNT_SSO_MESSAGES.signInFailed);
  const ticket = newSecretToken();
  const kept: IdpSession = { subject: who.subject, idpSessionId: who.idpSessionId, idToken: who.idToken, nameIdFormat: who.nameIdFormat ?? null };
  await ssoSignInsRepo(deps.db).issueTicket(signIn.id, {
    ticketHash: hashToken(ticket),
    userId: member.userId,
    idpSessionSealed: seal(deps.sealKey, JSON.stringify(kept), signIn.id),
    expiresAt: new Date(deps.clock.now().getTime() + TICKET_TTL_MS),
  });
  return `${baseOf(deps)}${routes.ssoComplete()}#ticket=${encodeURIComponent(ticket)}`;
}

async function test(deps: SsoSignInDeps, signIn: SignInRow, row: ConnectionRow, who: IdpIdentity | null, error: string | null): Promise<string> {
  const passed = who !== null && who.email !== null;
  const detail = who ? `Signed in as ${who.email ?? who.subject}${who.groups.length ? `, groups: ${who.groups.join(', ')}` : ''}.` : (error ?? ACCOUNT_SSO_MESSAGES.signInFailed);
  await accountSsoRepo(deps.db).recordTest(row.id, { passed, detail: passed ? detail : who ? ACCOUNT_SSO_MESSAGES.noEmail : detail, digest: signIn.settingsDigest, at: deps.clock.now() });
  return `${baseOf(deps)}${routes.client('sso', { query: { test: passed ? 'passed' : 'failed' } })}`;
}

/** OIDC's authorization request: state, nonce and PKCE verifier, kept in the sign-in's row. */
async function startOidc(deps: SsoSignInDeps, row: ConnectionRow, loginHint: string | null) {
  const secret = clientSecretOf(deps.sealKey, row) ?? '';
  const start = await deps.oidc.start(row, secret, loginHint).catch((e: unknown) => {
    // The owner's address refused by the SSRF guard, or an IdP that does not answer discovery: said, never a 500.
    throw badRequest(refusedByGuard(e) ? ACCOUNT_SSO_MESSAGES.idpRefused : ACCOUNT_SSO_MESSAGES.idpUnreachable);
  });
  return { redirectUrl: start.redirectUrl, state: start.state, nonce: start.nonce, codeVerifier: start.codeVerifier, samlRequestId: null };
}

/** SAML's own steps: its metadata, the ACS (the IdP's cross-site POST), and the same-origin GET that checks the binding cookie. */
function samlSteps(deps: SsoSignInDeps) {
  const failed = `${baseOf(deps)}${routes.login({ query: { sso: 'failed' } })}`;
  return {
    /**
     * The console's SAML service-provider metadata, for the owner to give the IdP: with `connectionId`
     * (the owner's screen gives that address), that SAML connection's signing certificate in it.
     */
    async samlMetadata(connectionId: string | null): Promise<string> {
      const row = connectionId && isUuid(connectionId) ? await accountSsoRepo(deps.db).connectionById(connectionId) : null;
      return deps.saml.metadata(row?.protocol === 'saml' ? samlSigningOf(deps.sealKey, row) : null);
    },

    /** SAML's ACS (the IdP's cross-site POST): where to send the browser next (the same-origin continuation, or the login page). */
    async samlAcs(form: { SAMLResponse: string | null; RelayState: string | null }): Promise<string> {
      return samlAcs(deps, form, failed);
    },

    /** SAML's same-origin GET after the ACS: the binding cookie checked, then as OIDC's callback (the ticket page, the SSO screen, or the login page). */
    async samlContinue(state: string | null, binding: string | undefined): Promise<string> {
      const taken = await takeSamlOutcome(deps, state, binding);
      if (!taken) return failed;
      const { signIn, row, outcome } = taken;
      if (signIn.purpose === 'test') return test(deps, signIn, row, outcome.who, outcome.error);
      if (!outcome.who) return failed;
      return admit(deps, signIn, row, outcome.who).catch((e: unknown) => refusedTo(deps, e));
    },
  };
}

/**
 * Sign-in through the account's IdP, by the connection's protocol: started by email (the domain
 * names the connection) or by the owner's test; what the answer is checked against (OIDC's state,
 * nonce and PKCE verifier; SAML's AuthnRequest id) kept server-side under the state's hash, and
 * tied to the browser by a binding cookie; the IdP's answer checked by the protocol library;
 * then a one-time ticket the SPA exchanges for a session (the auth module's, as any sign-in).
 * SAML's answer is a cross-site POST that carries no Lax cookie: the ACS checks it and keeps the
 * outcome, and a same-origin GET checks the binding cookie before it counts (samlContinue).
 */
export function createSsoSignInService(deps: SsoSignInDeps) {
  const connections = accountSsoRepo(deps.db);
  const signIns = ssoSignInsRepo(deps.db);
  const limits = rateLimiter(deps);
  const base = baseOf(deps);

  async function begin(row: ConnectionRow, purpose: 'login' | 'test', loginHint: string | null, userId: string | null): Promise<Started> {
    const start = row.protocol === 'saml' ? { ...(await startSaml(deps, row)), nonce: '', codeVerifier: '' } : await startOidc(deps, row, loginHint);
    const binding = newSecretToken();
    const now = deps.clock.now();
    await signIns.insert({
      id: newId(),
      tenantId: row.tenantId,
      connectionId: row.id,
      purpose,
      stateHash: hashToken(start.state),
      bindingHash: hashToken(binding),
      nonce: start.nonce,
      codeVerifier: start.codeVerifier,
      samlRequestId: start.samlRequestId,
      settingsDigest: row.settingsDigest,
      userId,
      expiresAt: new Date(now.getTime() + SSO_SIGN_IN_TTL_MS),
      createdAt: now,
    });
    return { redirectUrl: start.redirectUrl, binding };
  }

  return {
    async start(email: string, ip: string): Promise<Started> {
      await limits.hit([{ key: rateKeys.ssoStartFromAddress(ip), rule: RATE_RULES.ssoStartFromAddress }], ACCOUNT_SSO_MESSAGES.tooManyRequests);
      const row = await connections.connectionForDomain(emailDomainOf(email));
      if (!row || row.state === 'draft') throw notFound(ACCOUNT_SSO_MESSAGES.noSsoForEmail);
      return begin(row, 'login', email, null);
    },

    async startTest(p: Principal): Promise<Started> {
      assertOwner(p);
      const row = await connections.connection(p.tenantId);
      if (!row) throw conflict(ACCOUNT_SSO_MESSAGES.notConfigured);
      return begin(row, 'test', null, p.userId);
    },

    /** The IdP's redirect back: where to send the browser next (the ticket page, the SSO screen, or the login page). */
    async callback(url: URL, binding: string | undefined): Promise<string> {
      const state = url.searchParams.get('state');
      const signIn = state ? await signIns.claim(hashToken(state), deps.clock.now()) : null;
      const failed = `${base}${routes.login({ query: { sso: 'failed' } })}`;
      if (!signIn || !binding || hashToken(binding) !== signIn.bindingHash) return failed;
      const row = await connections.connectionById(signIn.connectionId);
      if (row?.protocol !== 'oidc') return failed;
      let who: IdpIdentity | null = null;
      let error: string | null = null;
      try {
        who = await deps.oidc.finish(row, clientSecretOf(deps.sealKey, row) ?? '', url, { state: state!, nonce: signIn.nonce, codeVerifier: signIn.codeVerifier });
      } catch (e) {
        error = `${ACCOUNT_SSO_MESSAGES.signInFailed} ${(e as Error).message}`.slice(0, 500);
      }
      if (signIn.purpose === 'test') return test(deps, signIn, row, who, error);
      if (!who) return failed;
      return admit(deps, signIn, row, who).catch((e: unknown) => refusedTo(deps, e));
    },

    ...samlSteps(deps),

    /** The SPA's exchange of a ticket: the member, and what single logout will need of the session about to open. */
    async redeem(ticket: string): Promise<{ principal: Principal; record: (sessionId: string) => Promise<void> }> {
      const now = deps.clock.now();
      const signIn = await signIns.redeem(hashToken(ticket), now);
      const principal = signIn?.userId ? await loadPrincipal(deps.db, signIn.userId, signIn.tenantId) : null;
      if (!signIn || !principal) throw notFound(ACCOUNT_SSO_MESSAGES.signInFailed);
      const kept = JSON.parse(openSealed(deps.sealKey, signIn.idpSessionSealed ?? '', signIn.id) ?? '{}') as Partial<IdpSession>;
      const record = async (sessionId: string) =>
        signIns.recordSession({
          sessionId,
          tenantId: signIn.tenantId,
          connectionId: signIn.connectionId,
          userId: principal.userId,
          subject: kept.subject ?? '',
          idpSessionId: kept.idpSessionId ?? null,
          idTokenSealed: kept.idToken ? seal(deps.sealKey, kept.idToken, sessionId) : null,
          samlNameIdFormat: kept.nameIdFormat ?? null,
          createdAt: now,
        });
      return { principal, record };
    },
  };
}

export type SsoSignInService = ReturnType<typeof createSsoSignInService>;
