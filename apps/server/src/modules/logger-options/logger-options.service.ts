import { DEFAULT_LOGGER_OPTIONS, type LoggerOptions, type LoggerOptionsValues } from '@replay/contracts';
import type { Database } from '../../db/client';
import { emitEvent } from '../../events/emit';
import type { Clock } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { instanceScopeOf } from '../../lib/instance-scope';
import type { Principal } from '../../lib/principal';
import { msOrNull } from '../../lib/time';
import { accountSettingPendingIn, runningInstanceIdsOf } from '../instances/instances.facts';
import type { Enqueue } from '../instances/instances.jobs';
import { loggerOptionsRepo, type LoggerOptionsRow } from './logger-options.repo';

export interface LoggerOptionsDeps {
  database: Database;
  clock: Clock;
  enqueue: Enqueue;
}

/** The options change what every instance of the account accepts: only a member who reaches them all may change them. */
export const LOGGER_OPTIONS_SCOPE_MESSAGE = 'Logger options apply to every instance of the account: your role must cover all instances to change them.';

/**
 * The account's logger options (spec section 3's client/tenant loggerOptions). A save stores
 * them with a new version in one statement, its domain event in the same transaction, then
 * asks the workflow to run for each running instance: its config step
 * (instances.config-step.ts) gives the agent the options and marks the version applied. An
 * instance stopped meanwhile, or created later, is behind the account's version and gets them
 * the next time it runs, as the session settings' capture part does.
 */
export function createLoggerOptionsService(deps: LoggerOptionsDeps) {
  const { db } = deps.database;

  async function toWire(tenantId: string, row: LoggerOptionsRow | null): Promise<LoggerOptions> {
    const options = row?.options ?? DEFAULT_LOGGER_OPTIONS;
    return { ...DEFAULT_LOGGER_OPTIONS, ...options, pending: await accountSettingPendingIn(db, tenantId, 'logger', row?.version ?? 0), updatedAt: msOrNull(row?.updatedAt) };
  }

  return {
    async read(p: Principal): Promise<LoggerOptions> {
      return toWire(p.tenantId, await loggerOptionsRepo(db).find(p.tenantId));
    },

    async save(p: Principal, options: LoggerOptionsValues): Promise<LoggerOptions> {
      if (instanceScopeOf(p).ids !== null) throw forbidden(LOGGER_OPTIONS_SCOPE_MESSAGE);
      const at = deps.clock.now();
      const saved = await db.transaction(async (tx) => {
        const row = await loggerOptionsRepo(tx).save(p.tenantId, p.userId, options, at);
        await emitEvent(tx, {
          type: 'logger_options.changed',
          tenantId: p.tenantId,
          actor: { userId: p.userId, name: p.name },
          at: at.getTime(),
          ipRanges: options.ipWhitelist.length,
          domains: options.allowedDomains.length,
          defaultInputMode: options.defaultInputMode,
          obscureEmailData: options.obscureEmailData,
          obscureNumericData: options.obscureNumericData,
        });
        return row;
      });
      // Read before the workflow is asked, so the answer says what the save left pending (the workflow may be quick).
      const answer = await toWire(p.tenantId, saved);
      for (const instanceId of await runningInstanceIdsOf(db, p.tenantId)) await deps.enqueue(instanceId);
      return answer;
    },
  };
}

export type LoggerOptionsService = ReturnType<typeof createLoggerOptionsService>;
