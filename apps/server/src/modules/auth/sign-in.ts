import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from '@replay/contracts';
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
  return async (request: FastifyRequest, reply: FastifyReply, principal: Principal): Promise<Session> => {
    const session = await sessions.start(principal);
    setRefreshCookie(reply, session.refreshToken, cookie);
    request.auditActor = principal;
    return { user: await accounts.build(principal), jwt: session.jwt };
  };
}
