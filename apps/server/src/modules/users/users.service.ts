import { accountLimits, type Limits } from '@replay/contracts';
import type { Db } from '../../db/client';
import type { Principal } from '../../lib/principal';
import type { AccountSources } from '../account/account.service';
import { usersRepo } from './users.repo';

export function createUsersService(deps: { db: Db; sources: AccountSources }) {
  const repo = usersRepo(deps.db);
  return {
    /** The same figures as Account.limits. */
    async limits(p: Principal): Promise<Limits> {
      const [seats, sites, hasBillingDetails] = await Promise.all([repo.countSeats(p.tenantId), deps.sources.countSites(p.tenantId), deps.sources.hasBillingDetails(p.tenantId)]);
      // A site is a project (each instance holds its default one): what the project and instance creates count against the limit.
      return accountLimits({ hasBillingDetails, seats, sites });
    },
  };
}
