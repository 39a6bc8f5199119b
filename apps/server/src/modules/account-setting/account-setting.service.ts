import type { DomainEvent } from '@replay/contracts';
import type { Database } from '../../db/client';
import { emitEvent } from '../../events/emit';
import { accountSettingPendingIn, runningInstanceIdsOf, type AccountSettingKey } from '../instances/core/instances.facts';
import type { Enqueue } from '../instances/workflow/instances.jobs';
import { forbidden } from '../../lib/errors';
import { instanceScopeOf } from '../../lib/instance-scope';
import type { Principal } from '../../lib/principal';
import { msOrNull, type Clock } from '../../lib/time';
import { accountSettingTable, type AccountSettingRow, type AccountSettingTable } from './account-setting-table';

export interface AccountSettingDeps {
  database: Database;
  clock: Clock;
  enqueue: Enqueue;
}

/** What an event says beyond its account, actor and time: each type with its own facts. */
type EventFacts<E = DomainEvent> = E extends DomainEvent ? Omit<E, 'tenantId' | 'actor' | 'at'> : never;

/** One account-wide setting: where it is stored, what it is before any save, and what its save says. */
export interface AccountSetting<T extends AccountSettingTable> {
  table: T;
  /** Which of each instance's applied versions follows this setting's `version` (instances.facts.ts). */
  appliedAs: AccountSettingKey;
  defaults: AccountSettingRow<T>['value'];
  /** Why a member whose role reaches only some instances may not save it: it changes them all. */
  scopeMessage: string;
  /** The save's domain event: its type and what it tells of the saved value. */
  changed(value: AccountSettingRow<T>['value']): EventFacts;
}

/** The answer of a read or a save: the value (defaults before any save), whether a running instance has still to take it, and when it was saved. */
export type AccountSettingAnswer<T extends AccountSettingTable> = AccountSettingRow<T>['value'] & { pending: boolean; updatedAt: number | null };

/**
 * The lifecycle every account-wide setting shares (the session settings, the logger options).
 * A save, only by a member whose role reaches every instance, stores the whole value with a new
 * version in one statement and its domain event in the same transaction (the audit record comes
 * from the endpoint's declaration), then asks the workflow to run for each running instance:
 * its config step (instances.config-step.ts) gives the agent the setting and marks the version
 * applied. An instance stopped meanwhile, or created later, is behind the account's version and
 * gets it the next time it runs.
 */
export function accountSettingService<T extends AccountSettingTable>(setting: AccountSetting<T>) {
  return (deps: AccountSettingDeps) => createAccountSettingService(setting, deps);
}

function createAccountSettingService<T extends AccountSettingTable>(setting: AccountSetting<T>, deps: AccountSettingDeps) {
  const { db } = deps.database;
  const rows = accountSettingTable(setting.table);

  async function toWire(tenantId: string, row: AccountSettingRow<T> | null): Promise<AccountSettingAnswer<T>> {
    const value = row?.value ?? setting.defaults;
    const pending = await accountSettingPendingIn(db, tenantId, setting.appliedAs, row?.version ?? 0);
    return { ...setting.defaults, ...value, pending, updatedAt: msOrNull(row?.updatedAt) };
  }

  return {
    async read(p: Principal): Promise<AccountSettingAnswer<T>> {
      return toWire(p.tenantId, await rows(db).find(p.tenantId));
    },

    async save(p: Principal, value: AccountSettingRow<T>['value']): Promise<AccountSettingAnswer<T>> {
      if (instanceScopeOf(p).ids !== null) throw forbidden(setting.scopeMessage);
      const at = deps.clock.now();
      const saved = await db.transaction(async (tx) => {
        const row = await rows(tx).save(p.tenantId, p.userId, value, at);
        await emitEvent(tx, { ...setting.changed(value), tenantId: p.tenantId, actor: { userId: p.userId, name: p.name }, at: at.getTime() });
        return row;
      });
      // Read before the workflow is asked, so the answer says what the save left pending (the workflow may be quick).
      const answer = await toWire(p.tenantId, saved);
      for (const instanceId of await runningInstanceIdsOf(db, p.tenantId)) await deps.enqueue(instanceId);
      return answer;
    },
  };
}
