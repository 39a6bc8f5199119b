import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataOf,
  loginSchema,
  logoutResultSchema,
  refreshSchema,
  sessionSchema,
  signupSchema,
} from '@replay/contracts';
import { createAccountService } from '../account/account.service';
import { createAuthService } from './auth.service';
import { captchaCheckOf } from './captcha';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './cookie';
import { createSessionService, sessionDepsOf, type IssuedSession } from './session.service';

/** Sign-up, login, token refresh and logout. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = createAuthService({ db: ctx.db, clock: ctx.clock });
  const sessions = createSessionService(sessionDepsOf(ctx));
  const accounts = createAccountService({ db: ctx.db, clock: ctx.clock, mailTransport: ctx.mailer.transport });
  const checkCaptcha = captchaCheckOf(ctx);
  const cookie = { publicUrl: ctx.env.publicUrl, refreshTtlDays: ctx.env.REFRESH_TOKEN_TTL_DAYS };

  async function sessionBody(session: IssuedSession) {
    return { data: { user: await accounts.build(session.principal), jwt: session.jwt } };
  }

  app.post(
    '/signup',
    { config: { guard: 'public' }, schema: { body: signupSchema, response: { 201: dataOf(sessionSchema) } } },
    async (request, reply) => {
      const body = request.body;
      await checkCaptcha(body['g-recaptcha-response'], request.ip);
      const principal = await auth.signup(body, request.ip);
      const session = await sessions.start(principal);
      setRefreshCookie(reply, session.refreshToken, cookie);
      return reply.status(201).send(await sessionBody(session));
    },
  );

  app.post(
    '/login',
    { config: { guard: 'public' }, schema: { body: loginSchema, response: { 200: dataOf(sessionSchema) } } },
    async (request, reply) => {
      const { email, password } = request.body;
      await checkCaptcha(request.body['g-recaptcha-response'], request.ip);
      const session = await sessions.start(await auth.login(email, password, request.ip));
      setRefreshCookie(reply, session.refreshToken, cookie);
      return sessionBody(session);
    },
  );

  app.get(
    '/refresh',
    { config: { guard: 'public' }, schema: { response: { 200: dataOf(refreshSchema) } } },
    async (request, reply) => {
      try {
        const session = await sessions.rotate(readRefreshCookie(request));
        setRefreshCookie(reply, session.refreshToken, cookie);
        return { data: { jwt: session.jwt } };
      } catch (e) {
        // A dead cookie is useless to the browser; drop it along with the 401.
        clearRefreshCookie(reply, cookie);
        throw e;
      }
    },
  );

  app.get(
    '/logout',
    { config: { guard: 'public' }, schema: { response: { 200: dataOf(logoutResultSchema) } } },
    async (request, reply) => {
      await sessions.end(readRefreshCookie(request));
      clearRefreshCookie(reply, cookie);
      return { data: { ok: true as const } };
    },
  );
};
