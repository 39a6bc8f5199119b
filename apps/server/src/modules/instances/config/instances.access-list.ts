import { ACCESS_LIST_MESSAGES, INSTANCE_MESSAGES, type AccessCheck, type AccessEntry, type AccessList } from '@replay/contracts';
import type { Database } from '../../../db/client';
import { DriverError, type InfrastructureDriver } from '../../../infra/driver';
import { conflict } from '../../../lib/errors';
import type { Principal } from '../../../lib/principal';
import { msOrNull, type Clock } from '../../../lib/time';
import { claimWithRecord } from '../core/instances.accept-change.door';
import type { InstanceRow } from '../core/instances.repo';
import type { InstancesService } from '../core/instances.service';
import type { Enqueue } from '../workflow/instances.jobs';
import { configRepo } from './instances.config-repo';

export interface AccessListDeps {
  database: Database;
  driver: Pick<InfrastructureDriver, 'accessCheck'>;
  clock: Clock;
  enqueue: Enqueue;
  /** The one scope rule (404 for another account's id or one outside the caller's role). */
  instances: Pick<InstancesService, 'load'>;
}

const summaryOf = (entries: readonly AccessEntry[]) => (entries.length === 0 ? 'Network access: every address' : `Network access: ${entries.map((e) => e.address).join(', ')}`);

/**
 * The instance's network access list (contracts' access-list.ts): read, saved through the
 * workflow's config step like the CORS origins (a pending record, then applied or failed), and
 * a tester that asks the running instance what the list it holds decides for an address.
 */
export function createAccessListService(deps: AccessListDeps) {
  const toWire = (row: InstanceRow, yourAddress: string | null): AccessList => ({
    entries: row.accessList,
    pending: row.accessListVersion !== row.accessListAppliedVersion,
    updatedAt: msOrNull(row.accessListUpdatedAt),
    yourAddress,
  });

  return {
    async read(p: Principal, instanceId: string, yourAddress: string | null): Promise<AccessList> {
      return toWire(await deps.instances.load(p, instanceId), yourAddress);
    },

    /** The whole list at once, with the member's pending record in one compare-and-set; the config step applies it. */
    async save(p: Principal, instanceId: string, entries: AccessEntry[], yourAddress: string | null): Promise<AccessList> {
      const row = await deps.instances.load(p, instanceId);
      if (row.status === 'terminated') throw conflict(INSTANCE_MESSAGES.terminated);
      const at = deps.clock.now();
      const saved = await claimWithRecord(deps.database.db, p, at, (tx) => configRepo(tx).saveAccessList(p, row, entries, at), {
        action: 'accessListUpdate',
        status: 'pending',
        comments: summaryOf(entries),
        event: { type: 'instance.access_list_changing', entries: entries.length },
      });
      if (!saved) throw conflict(INSTANCE_MESSAGES.busy);
      await deps.enqueue(instanceId);
      return toWire(saved, yourAddress);
    },

    /** What the running instance's list decides for `address` (a saved list still pending is not what it holds yet). */
    async check(p: Principal, instanceId: string, address: string): Promise<AccessCheck> {
      const row = await deps.instances.load(p, instanceId);
      if (row.status !== 'running') throw conflict(INSTANCE_MESSAGES.notRunning);
      try {
        const answer = await deps.driver.accessCheck(instanceId, address);
        const reason = answer.open ? ACCESS_LIST_MESSAGES.allowedOpen(address) : answer.matched ? ACCESS_LIST_MESSAGES.allowedBy(address, answer.matched) : ACCESS_LIST_MESSAGES.refused(address);
        return { address, allowed: answer.allowed, matched: answer.matched, reason };
      } catch (e) {
        if (e instanceof DriverError && (e.code === 'not-running' || e.code === 'not-found')) throw conflict(INSTANCE_MESSAGES.notRunning);
        throw e;
      }
    },
  };
}

export type AccessListService = ReturnType<typeof createAccessListService>;
