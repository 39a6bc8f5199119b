import { and, eq } from 'drizzle-orm';
import {
  CLEANUP_DAY_OPTIONS,
  CLEANUP_INTERVAL_MS,
  DISK_MESSAGES,
  INSTANCE_MESSAGES,
  canUpdateStorage,
  diskUpgradeProblem,
  type CleanupAnswer,
  type CleanupPreview,
  type Instance,
} from '@replay/contracts';
import type { Database } from '../../../db/client';
import { instances } from '../../../db/schema';
import { DriverError, type InfrastructureDriver } from '../../../infra/driver';
import { AppError, badRequest, conflict, tooManyRequests } from '../../../lib/errors';
import type { Principal } from '../../../lib/principal';
import { msOrNull, type Clock } from '../../../lib/time';
import { diskRepo } from './instances.disk-repo';
import type { Enqueue } from '../workflow/instances.jobs';
import { acceptMemberChange, accountMayPayMore, assertBudgetAllowsGrowth, claimWithRecord } from '../core/instances.accept-change.door';
import type { InstanceRow } from '../core/instances.repo';
import type { InstancesService } from '../core/instances.service';

export interface DiskDeps {
  database: Database;
  driver: Pick<InfrastructureDriver, 'cleanupPreview'>;
  clock: Clock;
  enqueue: Enqueue;
  /** The one scope rule (404 for another account's id or one outside the caller's role). */
  instances: Pick<InstancesService, 'load'>;
  hasBillingDetails(tenantId: string): Promise<boolean>;
}

/** A driver that cannot reach the instance (stopped, gone) is the same answer as one not running. */
function notRunningOr(e: unknown): never {
  if (e instanceof DriverError && (e.code === 'not-running' || e.code === 'not-found')) throw conflict(INSTANCE_MESSAGES.notRunning);
  throw e;
}

/** Manage Disk: growing the disk (through the workflow's disk step), cleanup (through its cleanup step) and its preview. */
export function createDiskService(deps: DiskDeps) {
  const { db } = deps.database;
  const repo = diskRepo(db);

  /**
   * A free account (no billing details, and not an enterprise one, billed by
   * contract) is sent to billing setup instead (spec section 5): 402, as the
   * create's billing gate.
   */
  const mayPay = (tenantId: string) => accountMayPayMore(deps, tenantId);

  function running(row: InstanceRow): void {
    if (row.status !== 'running') throw conflict(INSTANCE_MESSAGES.notRunning);
  }

  return {
    /**
     * Starts growing the disk (spec sections 4 and 5): upward only, to 4096 GB
     * in steps of 10, only while `canUpdateStorage`. The flag, the size it
     * grows to and the pending `disk-upgrade` record are one compare-and-set,
     * so of two requests at once one wins and the other is refused.
     */
    async upgrade(p: Principal, instanceId: string, diskSize: number): Promise<Instance> {
      const row = await deps.instances.load(p, instanceId);
      if (row.status === 'terminated') throw conflict(INSTANCE_MESSAGES.terminated);
      const problem = diskUpgradeProblem(row.diskSize, diskSize);
      if (problem) throw badRequest(problem);
      if (!canUpdateStorage(row)) throw conflict(DISK_MESSAGES.storageBusy);
      if (!(await mayPay(p.tenantId))) throw new AppError('billing_required', [DISK_MESSAGES.billingRequired]);
      await assertBudgetAllowsGrowth(db, p.tenantId, deps.clock.now());
      return acceptMemberChange(deps, p, instanceId, {
        from: row.status,
        change: { storageInProgress: true, pendingDiskSize: diskSize },
        stillHolds: and(eq(instances.storageInProgress, false), eq(instances.diskSize, row.diskSize)),
        record: {
          action: 'disk-upgrade',
          status: 'pending',
          comments: `Disk increase from ${row.diskSize} GB to ${diskSize} GB requested`,
          event: { type: 'instance.disk_upgrading', fromGb: row.diskSize, toGb: diskSize },
        },
        busy: DISK_MESSAGES.storageBusy,
      });
    },

    /**
     * Accepts a cleanup of the recordings older than `days`, at most once per
     * 6 hours: the slot and the accepted age are one compare-and-set on the
     * row (two requests at once cannot both pass), with the member's pending
     * `diskCleanup` record. The workflow's cleanup step then runs it on the
     * agent (instances.cleanup-step.ts), so a console that dies meanwhile
     * runs it after its restart.
     */
    async cleanup(p: Principal, instanceId: string, days: number): Promise<CleanupAnswer> {
      const row = await deps.instances.load(p, instanceId);
      running(row);
      const at = deps.clock.now();
      const claimed = await claimWithRecord(db, p, at, (tx) => diskRepo(tx).claimCleanup(instanceId, at, CLEANUP_INTERVAL_MS, days), {
        action: 'diskCleanup',
        status: 'pending',
        comments: `${DISK_MESSAGES.cleanupInitiated}: recordings older than ${days} days`,
        event: { type: 'instance.cleanup_requested', days },
      });
      if (!claimed) {
        const last = await repo.lastCleanupAt(instanceId);
        const waitMs = (last?.getTime() ?? at.getTime()) + CLEANUP_INTERVAL_MS - at.getTime();
        throw tooManyRequests(DISK_MESSAGES.cleanupOncePerInterval, Math.max(1, Math.ceil(waitMs / 1000)));
      }
      await deps.enqueue(instanceId);
      return { message: DISK_MESSAGES.cleanupInitiated, days, createdAt: at.getTime() };
    },

    async lastCleanup(p: Principal, instanceId: string) {
      const row = await deps.instances.load(p, instanceId);
      const createdAt = msOrNull(row.lastCleanupAt);
      return { createdAt, nextAllowedAt: createdAt === null ? null : createdAt + CLEANUP_INTERVAL_MS, pendingDays: row.pendingCleanupDays };
    },

    /** For each of the drawer's ages, what a cleanup would free, counted by the agent now. */
    async cleanupPreview(p: Principal, instanceId: string): Promise<CleanupPreview> {
      running(await deps.instances.load(p, instanceId));
      const preview = await deps.driver.cleanupPreview(instanceId, CLEANUP_DAY_OPTIONS).catch(notRunningOr);
      const whole = (n: number) => Math.max(0, Math.round(n));
      return {
        ages: preview.ages.map((a) => ({ days: whole(a.days), bytes: whole(a.bytes) })),
        usedBytes: whole(preview.usedBytes),
        totalBytes: whole(preview.totalBytes),
      };
    },
  };
}

export type DiskService = ReturnType<typeof createDiskService>;
