import { serverModule } from '../../platform/server-module';
import type { AccountSources } from '../account/account.service';
import { createUsersService } from './users.service';
import { usersRoutes } from './users.routes';

/** The team's people as the Team screen lists them. */
export const usersModule = serverModule({
  name: 'users',
  services: (ctx, uses: { accountSources: AccountSources }) => ({ users: createUsersService({ db: ctx.db, sources: uses.accountSources }) }),
  api: [usersRoutes],
});
