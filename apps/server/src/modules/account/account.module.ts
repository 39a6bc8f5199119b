import { serverModule, type DepsOf } from '../../platform/server-module';
import { createAccountService, defaultAccountSources } from './account.service';
import { createPasswordChangeService } from './password.service';
import { accountRoutes } from './account.routes';

/** The account and its owner's profile; `accountSources` is what other modules read of an account. */
export const accountModule = serverModule({
  name: 'account',
  services: (ctx, uses: Pick<DepsOf<typeof createPasswordChangeService>, 'sessions'>) => {
    const accountSources = defaultAccountSources(ctx.db);
    return {
      accountSources,
      accounts: createAccountService({ db: ctx.db, clock: ctx.clock, mailTransport: ctx.mailer.transport, sources: accountSources }),
      passwords: createPasswordChangeService({ db: ctx.db, clock: ctx.clock, sessions: uses.sessions }),
    };
  },
  api: [accountRoutes],
});
