import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, invitationAcceptSchema, invitationInfoSchema, invitationTokenParamsSchema, sessionSchema } from '@replay/contracts';
import { createAccountService } from '../account/account.service';
import { setRefreshCookie } from '../auth/cookie';
import { createSessionService, sessionDepsOf } from '../auth/session.service';
import { createInvitationsService } from './invitations.service';

/**
 * The joining page's calls; public, since the invited person has no session
 * yet (the spec names no paths for them):
 *   GET  /invitations/{token}  → { email, name, tenantName, expired }
 *   POST /invitations/accept   { token, name, password } → signed in like POST /login
 */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const invitations = createInvitationsService({ db: ctx.db, clock: ctx.clock });
  const sessions = createSessionService(sessionDepsOf(ctx));
  const accounts = createAccountService({ db: ctx.db, clock: ctx.clock, mailTransport: ctx.mailer.transport });
  const cookie = { publicUrl: ctx.env.publicUrl, refreshTtlDays: ctx.env.REFRESH_TOKEN_TTL_DAYS };

  app.get(
    '/invitations/:token',
    {
      config: { guard: 'public' },
      schema: { params: invitationTokenParamsSchema, response: { 200: dataOf(invitationInfoSchema) } },
    },
    async (request) => ({ data: await invitations.lookup(request.params.token) }),
  );

  app.post(
    '/invitations/accept',
    { config: { guard: 'public' }, schema: { body: invitationAcceptSchema, response: { 200: dataOf(sessionSchema) } } },
    async (request, reply) => {
      const principal = await invitations.accept(request.body, request.ip);
      // Nobody was signed in when the call came: tell the audit trail who joined.
      request.auditActor = principal;
      const session = await sessions.start(principal);
      setRefreshCookie(reply, session.refreshToken, cookie);
      return { data: { user: await accounts.build(principal), jwt: session.jwt } };
    },
  );
};
