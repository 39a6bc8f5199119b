import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_SSO_MESSAGES, type LoginAnswer, type Session } from '@replay/contracts';
import { forbidden } from '../../lib/errors';
import { ssoEnforcedFor } from '../account-sso/account-sso.facts';
import { tellBreakGlass } from '../account-sso/break-glass.door';
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
 * Password sign-in while the account enforces single sign-on for the member's domain: refused
 * (403), except for the account's owner, who keeps it as the break-glass way in (the IdP may
 * be down, or misconfigured): allowed, and told to every other owner and admin by mail. Every
 * sign-in that proves a password (login, reset, joining by invitation) comes here.
 */
export function passwordAllowedCheck(app: FastifyInstance) {
  const { ctx } = app;
  return async (principal: Principal): Promise<void> => {
    if (!(await ssoEnforcedFor(ctx.db, principal))) return;
    if (!(principal.superAdmin || principal.role?.protected === true)) throw forbidden(ACCOUNT_SSO_MESSAGES.ssoRequired);
    await tellBreakGlass(ctx, principal);
  };
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
