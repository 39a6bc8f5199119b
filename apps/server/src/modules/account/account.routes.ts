import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSchema, accountUpdateSchema, dataOf, passwordChangeSchema } from '@replay/contracts';
import { principalOf } from '../../plugins/guard';
import { createSessionService, sessionDepsOf } from '../auth/session.service';
import { createAccountService } from './account.service';
import { createPasswordChangeService } from './password.service';

const accountBody = dataOf(accountSchema);

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const accounts = createAccountService({ db: ctx.db, clock: ctx.clock, mailTransport: ctx.mailer.transport });
  const passwords = createPasswordChangeService({ db: ctx.db, clock: ctx.clock, sessions: createSessionService(sessionDepsOf(ctx)) });

  app.get('/account', { config: { guard: 'authenticated' }, schema: { response: { 200: accountBody } } }, async (request) => ({
    data: await accounts.build(principalOf(request)),
  }));

  app.post(
    '/account',
    { config: { guard: 'authenticated' }, schema: { body: accountUpdateSchema, response: { 200: accountBody } } },
    async (request) => ({ data: await accounts.update(principalOf(request), request.body) }),
  );

  app.post(
    '/account/password',
    { config: { guard: 'authenticated' }, schema: { body: passwordChangeSchema, response: { 200: accountBody } } },
    async (request) => {
      const principal = principalOf(request);
      await passwords.change(principal, request.body);
      return { data: await accounts.build(principal) };
    },
  );
};
