import { ACCOUNT_LIMITS, MEMBER_MESSAGES, type Limits } from '@replay/contracts';
import type { Db } from '../../db/client';
import { forbidden } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { usersRepo } from './users.repo';

export function createUsersService(deps: { db: Db }) {
  const repo = usersRepo(deps.db);
  return {
    /** The same figures as Account.limits. */
    async limits(p: Principal): Promise<Limits> {
      const seats = await repo.countSeats(p.tenantId);
      return {
        teamMember: { limit: ACCOUNT_LIMITS.teamMembers, remaining: Math.max(0, ACCOUNT_LIMITS.teamMembers - seats) },
        // Projects (sites) live inside the hosted instances; none counts against the console yet.
        sites: { limit: ACCOUNT_LIMITS.sites, remaining: ACCOUNT_LIMITS.sites },
      };
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
