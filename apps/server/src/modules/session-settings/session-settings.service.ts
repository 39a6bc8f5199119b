import { DEFAULT_SESSION_SETTINGS, type SessionSettings, type SessionSettingsValues } from '@replay/contracts';
import type { Database } from '../../db/client';
import { emitEvent } from '../../events/emit';
import type { Clock } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { instanceScopeOf } from '../../lib/instance-scope';
import type { Principal } from '../../lib/principal';
import { msOrNull } from '../../lib/time';
import { accountSettingPendingIn, runningInstanceIdsOf } from '../instances/instances.facts';
import type { Enqueue } from '../instances/instances.jobs';
import { sessionSettingsRepo, type SessionSettingsRow } from './session-settings.repo';

export interface SessionSettingsDeps {
  database: Database;
  clock: Clock;
  enqueue: Enqueue;
}

/** The capture part changes what every instance of the account records: only a member who reaches them all may change it. */
export const SESSION_SETTINGS_SCOPE_MESSAGE = 'Session settings apply to every instance of the account: your role must cover all instances to change them.';

/**
 * The account's session settings (spec section 4). A save stores them with a new version in
 * one statement, its domain event in the same transaction, then asks the workflow to run for
 * each running instance: its config step (instances.config-step.ts) gives the agent the capture
 * rate and condition sets and marks the version applied. An instance stopped meanwhile, or
 * created later, is behind the account's version and gets them the next time it runs.
 */
export function createSessionSettingsService(deps: SessionSettingsDeps) {
  const { db } = deps.database;

  async function toWire(tenantId: string, row: SessionSettingsRow | null): Promise<SessionSettings> {
    const settings = row?.settings ?? DEFAULT_SESSION_SETTINGS;
    const version = row?.version ?? 0;
    return { ...DEFAULT_SESSION_SETTINGS, ...settings, pending: await accountSettingPendingIn(db, tenantId, 'capture', version), updatedAt: msOrNull(row?.updatedAt) };
  }

  return {
    async read(p: Principal): Promise<SessionSettings> {
      return toWire(p.tenantId, await sessionSettingsRepo(db).find(p.tenantId));
    },

    async save(p: Principal, settings: SessionSettingsValues): Promise<SessionSettings> {
      if (instanceScopeOf(p).ids !== null) throw forbidden(SESSION_SETTINGS_SCOPE_MESSAGE);
      const at = deps.clock.now();
      const saved = await db.transaction(async (tx) => {
        const row = await sessionSettingsRepo(tx).save(p.tenantId, p.userId, settings, at);
        await emitEvent(tx, {
          type: 'session_settings.changed',
          tenantId: p.tenantId,
          actor: { userId: p.userId, name: p.name },
          at: at.getTime(),
          captureRate: settings.captureRate,
          conditionSets: settings.conditionalCapture.length,
          mouseTrail: settings.mouseTrail,
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

export type SessionSettingsService = ReturnType<typeof createSessionSettingsService>;
