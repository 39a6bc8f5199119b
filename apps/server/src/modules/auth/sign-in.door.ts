import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginAnswer, Session } from '@replay/contracts';
import type { Principal } from '../../lib/principal';
import { setRefreshCookie, type CookieSettings } from './cookie';

export const cookieSettingsOf = (app: FastifyInstance): CookieSettings => ({
  publicUrl: app.ctx.env.publicUrl,
  refreshTtlDays: app.ctx.env.REFRESH_TOKEN_TTL_DAYS,
});

/**
 * The answer of every call that signs someone in (sign-up, login, reset,
 * joining): a new session, its refresh cookie, and the account with the
 * access token. The trail is told who it was, since nobody was signed in
 * when the call came.
 */
export function signInAnswer(app: FastifyInstance) {
  const cookie = cookieSettingsOf(app);
  const { sessions, accounts } = app.services;
  return async (request: FastifyRequest, reply: FastifyReply, principal: Principal, opened?: (sessionId: string) => Promise<void>): Promise<Session> => {
    const session = await sessions.start(principal);
    // What another sign-in keeps beside the session (single sign-on: the IdP's session, for single logout).
    if (opened) await opened(session.principal.sessionId!);
    setRefreshCookie(reply, session.refreshToken, cookie);
    request.auditActor = principal;
    return { user: await accounts.build(principal), jwt: session.jwt };
  };
}

/**
 * Every sign-in that proves a password (login, reset, joining by invitation) asks the account's
 * rule for passwords first: refused while it enforces single sign-on for the member's domain,
 * the owner's break-glass aside (account-sso's passwordSignInPolicy service).
 */
export function passwordAllowedCheck(app: FastifyInstance) {
  const { passwordSignInPolicy } = app.services;
  return (principal: Principal): Promise<void> => passwordSignInPolicy.check(principal);
}

/**
 * The answer of a call that proved the password (login, reset): a session, or, for a member
 * with a second factor, the challenge `POST /login/mfa` completes. Single sign-on never comes
 * here: the identity provider answers for its own factors.
 */
export function passwordSignInAnswer(app: FastifyInstance) {
  const signIn = signInAnswer(app);
  const passwordAllowed = passwordAllowedCheck(app);
  const { mfa } = app.services;
  return async (request: FastifyRequest, reply: FastifyReply, principal: Principal): Promise<LoginAnswer> => {
    await passwordAllowed(principal);
    if (!(await mfa.hasSecondFactor(principal.userId))) return signIn(request, reply, principal);
    request.auditActor = principal;
    return mfa.challenge(principal);
  };
}
