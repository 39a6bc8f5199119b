import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  dataOf,
  passwordResetSchema,
  resetLinkResultSchema,
  resetLinkSchema,
  sessionSchema,
} from '@replay/contracts';
import { createAccountService } from '../account/account.service';
import { captchaCheckOf } from './captcha';
import { setRefreshCookie } from './cookie';
import { createPasswordResetService } from './password-reset.service';
import { createSessionService, sessionDepsOf } from './session.service';

/** Forgotten password: ask for a mailed link, then set a new password with it. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const sessions = createSessionService(sessionDepsOf(ctx));
  const resets = createPasswordResetService({
    db: ctx.db,
    clock: ctx.clock,
    mailer: ctx.mailer,
    publicUrl: ctx.env.publicUrl,
    productName: ctx.env.PRODUCT_NAME,
    sessions,
  });
  const accounts = createAccountService({ db: ctx.db, clock: ctx.clock, mailTransport: ctx.mailer.transport });
  const checkCaptcha = captchaCheckOf(ctx);
  const cookie = { publicUrl: ctx.env.publicUrl, refreshTtlDays: ctx.env.REFRESH_TOKEN_TTL_DAYS };

  app.post(
    '/password/reset-link',
    { config: { guard: 'public' }, schema: { body: resetLinkSchema, response: { 200: dataOf(resetLinkResultSchema) } } },
    async (request) => {
      await checkCaptcha(request.body['g-recaptcha-response'], request.ip);
      await resets.requestLink(request.body.email, request.ip);
      return { data: { message: AUTH_MESSAGES.resetLinkSent } };
    },
  );

  app.post(
    '/password/reset',
    { config: { guard: 'public' }, schema: { body: passwordResetSchema, response: { 200: dataOf(sessionSchema) } } },
    async (request, reply) => {
      const principal = await resets.reset(request.body.token, request.body.password, request.ip);
      const session = await sessions.start(principal);
      setRefreshCookie(reply, session.refreshToken, cookie);
      return { data: { user: await accounts.build(principal), jwt: session.jwt } };
    },
  );
};
