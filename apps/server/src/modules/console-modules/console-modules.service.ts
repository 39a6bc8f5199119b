import { MODULE_MESSAGES, knownModules, type AccountSettings, type ConsoleModuleKey } from '@replay/contracts';
import type { Db } from '../../db/client';
import { emitEvent } from '../../events/emit';
import { forbidden } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { consoleModulesRepo } from './console-modules.repo';
import type { Clock } from '../../lib/time';

/**
 * The account's optional modules (contracts' console-modules.ts). Switching one changes
 * what the whole team sees, so, like renaming the organization, only an admin (or the
 * super admin) may; any signed-in member reaches the call and gets 403 otherwise. The
 * toggle, its domain event and nothing else happen in one transaction; the caller's
 * account is the only one touched (the principal's, never an id from the request).
 */
export function createConsoleModulesService(deps: { db: Db; clock: Clock }) {
  return {
    async toggle(p: Principal, key: ConsoleModuleKey): Promise<AccountSettings> {
      if (!p.admin && !p.superAdmin) throw forbidden(MODULE_MESSAGES.adminOnly);
      const modules = await deps.db.transaction(async (tx) => {
        const now = await consoleModulesRepo(tx).toggle(p.tenantId, key);
        await emitEvent(tx, {
          type: 'account.module_toggled',
          tenantId: p.tenantId,
          actor: { userId: p.userId, name: p.name },
          at: deps.clock.now().getTime(),
          module: key,
          // The list names the modules switched off: the key gone means the module is on again.
          enabled: !now.includes(key),
        });
        return now;
      });
      return { modules: knownModules(modules) };
    },
  };
}

export type ConsoleModulesService = ReturnType<typeof createConsoleModulesService>;
