import type { Account, AccountUpdate, AvatarUpdate } from '@replay/contracts';
import type { Db } from '../../db/client';
import { forbidden, unauthorized } from '../../lib/errors';
import { loadPrincipal, type Principal } from '../../lib/principal';
import { countLiveInstances } from '../instances/core/instances.facts';
import { hasBillingAccount } from '../billing/billing.facts';
import { countLiveProjects } from '../projects/projects.facts';
import { accountRepo } from './account.repo';
import { toAccount } from './account.view';
import { emitEvent } from '../../events/emit';
import type { Clock } from '../../lib/time';

/** Facts about the account owned by other domains (instances, projects, billing). */
export interface AccountSources {
  countInstances(tenantId: string): Promise<number>;
  /** The projects of its live instances: the spec's sites. */
  countSites(tenantId: string): Promise<number>;
  hasBillingDetails(tenantId: string): Promise<boolean>;
}

export function defaultAccountSources(db: Db): AccountSources {
  return {
    countInstances: (tenantId) => countLiveInstances(db, tenantId),
    countSites: (tenantId) => countLiveProjects(db, tenantId),
    hasBillingDetails: (tenantId) => hasBillingAccount(db, tenantId),
  };
}

export interface AccountDeps {
  db: Db;
  clock: Clock;
  mailTransport: 'outbox' | 'smtp';
  sources?: AccountSources;
}

export function createAccountService(deps: AccountDeps) {
  const repo = accountRepo(deps.db);
  const sources = deps.sources ?? defaultAccountSources(deps.db);

  async function build(p: Principal): Promise<Account> {
    const row = await repo.load(p.tenantId, p.userId);
    if (!row) throw unauthorized();
    const [members, instanceCount, sites, hasBillingDetails] = await Promise.all([
      repo.countMembers(p.tenantId),
      sources.countInstances(p.tenantId),
      sources.countSites(p.tenantId),
      sources.hasBillingDetails(p.tenantId),
    ]);
    return toAccount(p, row, { members, instanceCount, sites, hasBillingDetails }, deps.clock.now(), deps.mailTransport);
  }

  async function buildFor(userId: string, tenantId: string): Promise<Account> {
    const principal = await loadPrincipal(deps.db, userId, tenantId);
    if (!principal) throw unauthorized();
    return build(principal);
  }

  return {
    build,
    buildFor,

    /** The caller's own avatar icon; the body's rule already holds it to the 22 names. */
    async setAvatar(p: Principal, input: AvatarUpdate): Promise<Account> {
      await deps.db.transaction(async (tx) => {
        await accountRepo(tx).setAvatar(p.tenantId, p.userId, input.avatar);
        await emitEvent(tx, { type: 'account.avatar_changed', tenantId: p.tenantId, actor: { userId: p.userId, name: p.name }, at: deps.clock.now().getTime(), avatar: input.avatar });
      });
      return buildFor(p.userId, p.tenantId);
    },

    /**
     * Anyone may rename themselves. Renaming the organization changes it for
     * the whole team, so only admins and super admins may; for anyone else a
     * tenantName equal to the current one (the form always sends both) is
     * fine, a different one is refused.
     */
    async update(p: Principal, input: AccountUpdate): Promise<Account> {
      const row = await repo.load(p.tenantId, p.userId);
      if (!row) throw unauthorized();
      const renamesTenant = input.tenantName !== row.tenant.name;
      if (renamesTenant && !p.admin && !p.superAdmin) throw forbidden();
      const tenantName = renamesTenant ? input.tenantName : undefined;
      await deps.db.transaction(async (tx) => {
        await accountRepo(tx).rename(p.tenantId, p.userId, { name: input.name, tenantName });
        const at = deps.clock.now().getTime();
        await emitEvent(tx, { type: 'account.renamed', tenantId: p.tenantId, actor: { userId: p.userId, name: input.name }, at, name: input.name, tenantName: tenantName ?? null });
      });
      return buildFor(p.userId, p.tenantId);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
