import { mailLinksOf, serverModule, type DepsOf } from '../../platform/server-module';
import type { AccountSources } from '../account/account.service';
import { invitationSealKey } from './invitation-token';
import { createInvitationsService } from './invitations.service';
import { createMembersService } from './members.service';
import { membersRoutes } from './members.routes';

/** Team members and their invitations. */
export const membersModule = serverModule({
  name: 'members',
  services: (ctx, uses: Pick<DepsOf<typeof createMembersService>, 'sessions'> & { accountSources: AccountSources }) => ({
    members: createMembersService({
      db: ctx.db,
      clock: ctx.clock,
      ...mailLinksOf(ctx),
      sealKey: invitationSealKey(ctx.secrets.jwtSecret),
      sessions: uses.sessions,
      hasBillingDetails: uses.accountSources.hasBillingDetails,
    }),
    invitations: createInvitationsService({ db: ctx.db, clock: ctx.clock }),
  }),
  api: [membersRoutes],
});
