import type { FastifyPluginAsync } from 'fastify';
import { AUTH_MESSAGES, endpoints } from '@replay/contracts';
import { looksLikeApiKey } from '../../lib/api-key-principal';
import { mount } from '../../platform/mount';
import { bearer } from '../../plugins/guard';
import { textField } from '../audit/audit-actor.door';
import { openingReads } from './opening-reads';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './cookie';
import { cookieSettingsOf, passwordSignInAnswer, signInAnswer } from './sign-in.door';

/** Sign-up, login, token refresh, logout, and a forgotten password: public calls that start or end a session. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  const { auth, sessions, captcha, resets, ssoLogout } = app.services;
  const signIn = signInAnswer(app);
  const passwordSignIn = passwordSignInAnswer(app);
  const cookie = cookieSettingsOf(app);

  mount(app, endpoints.signup, async (request, reply) => {
    await captcha(request.body['g-recaptcha-response'], request.ip);
    return signIn(request, reply, await auth.signup(request.body, request.ip));
  });

  mount(app, endpoints.login, async (request, reply) => {
    const { email, password } = request.body;
    await captcha(request.body['g-recaptcha-response'], request.ip);
    return passwordSignIn(request, reply, await auth.login(email, password, request.ip));
  });

  mount(app, endpoints.refresh, async (request, reply) => {
    let jwt: string;
    try {
      const session = await sessions.rotate(readRefreshCookie(request));
      setRefreshCookie(reply, session.refreshToken, cookie);
      jwt = session.jwt;
    } catch (e) {
      // A dead cookie is useless to the browser; drop it along with the 401.
      clearRefreshCookie(reply, cookie);
      throw e;
    }
    const reads = request.query.with;
    return reads?.length ? { jwt, reads: await openingReads(app, request, jwt, reads) } : { jwt };
  });

  mount(
    app,
    endpoints.logout,
    async (request, reply) => {
      const ended = await sessions.end(readRefreshCookie(request));
      // An access token sent along (or alone, by an API client) ends its own session too; an API key is no session.
      const token = bearer(request.headers.authorization);
      if (token && !looksLikeApiKey(token)) request.auditActor = (await sessions.endByAccessToken(token)) ?? request.auditActor;
      clearRefreshCookie(reply, cookie);
      // A session opened by single sign-on: the browser goes on to the IdP, which ends its own session too.
      const redirectUrl = ended ? await ssoLogout.idpLogoutUrl(ended) : null;
      return { ok: true as const, ...(redirectUrl && { redirectUrl }) };
    },
    // Recorded in the account of the session the cookie (or the access token) held, if it held one.
    { auditActor: (request, find) => find.byRefreshToken(readRefreshCookie(request)) },
  );

  mount(app, endpoints.resetLink, async (request) => {
    await captcha(request.body['g-recaptcha-response'], request.ip);
    await resets.requestLink(request.body.email, request.ip);
    return { message: AUTH_MESSAGES.resetLinkSent };
  });

  mount(app, endpoints.resetLinkState, async (request) => resets.check(request.params.token));

  mount(
    app,
    endpoints.resetPassword,
    async (request, reply) => passwordSignIn(request, reply, await resets.reset(request.body.token, request.body.password, request.ip)),
    // A failed try with a real link is recorded in the account the link was for.
    { auditActor: (request, find) => find.byResetToken(textField(request.body, 'token')) },
  );
};
