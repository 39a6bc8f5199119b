import { MEMBER_MESSAGES, accountLimits, type Limits } from '@replay/contracts';
import type { Db } from '../../db/client';
import { forbidden } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import type { AccountSources } from '../account/account.service';
import { usersRepo } from './users.repo';

export function createUsersService(deps: { db: Db; sources: AccountSources }) {
  const repo = usersRepo(deps.db);
  return {
    /** The same figures as Account.limits. */
    async limits(p: Principal): Promise<Limits> {
      const [seats, sites, hasBillingDetails] = await Promise.all([
        repo.countSeats(p.tenantId),
        deps.sources.countInstances(p.tenantId),
        deps.sources.hasBillingDetails(p.tenantId),
      ]);
      // A site is a hosted instance: what the instance create call counts against the limit.
      return accountLimits({ hasBillingDetails, seats, sites });
    },

    /**
     * Modules are switched for the whole account, so, like renaming the
     * organization, only admins may; any signed-in member reaches the call.
     */
    async toggleModule(p: Principal, key: string): Promise<string[]> {
      if (!p.admin && !p.superAdmin) throw forbidden(MEMBER_MESSAGES.moduleAdminOnly);
      return repo.toggleModule(p.tenantId, key);
    },
  };
}
