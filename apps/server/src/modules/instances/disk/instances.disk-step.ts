import { DISK_MESSAGES } from '@replay/contracts';
import type { Db } from '../../../db/client';
import { DriverError, type InfrastructureDriver } from '../../../infra/driver';
import { errorForLog } from '../../../lib/log-safety';
import { recordInstanceEvent } from '../core/instances.events';
import { diskRepo } from './instances.disk-repo';
import type { InstanceRow } from '../core/instances.repo';
import type { Clock } from '../../../lib/time';

/**
 * The workflow's disk step: an instance whose `storageInProgress` is set
 * (with `pendingDiskSize`) gets its disk grown online by the driver, then
 * the new size, the cleared flag and the `disk-upgrade` success record land
 * in one compare-and-set. It runs when the status has no step of its own, so
 * a create, start or stop under way finishes first. The driver's resize is
 * idempotent (growing to the size it has is nothing), so a console killed
 * between the two parts grows nothing twice and records the success once.
 */

export interface DiskStepDeps {
  db: Db;
  driver: Pick<InfrastructureDriver, 'resizeDisk'>;
  clock: Clock;
}

export async function growDisk(d: DiskStepDeps, row: InstanceRow): Promise<void> {
  const target = row.pendingDiskSize;
  if (target === null) {
    // A flag without a size (never written so by this console): nothing to grow, so it is only cleared.
    await diskRepo(d.db).clearStorageFlag(row.instanceId);
    return;
  }
  try {
    await d.driver.resizeDisk(row.instanceId, target);
  } catch (e) {
    // Never provisioned (stopped while still being created): its first create takes the size from the row.
    if (!(e instanceof DriverError && e.code === 'not-found')) throw e;
  }
  const at = d.clock.now();
  await d.db.transaction(async (tx) => {
    const done = await diskRepo(tx).settleStorage(row, { diskSize: target, lastStorageUpdateAt: at, updatedAt: at, failure: null, uiFailure: null });
    if (!done) return;
    await recordInstanceEvent(tx, {
      instance: done,
      actor: null,
      at,
      action: 'disk-upgrade',
      status: 'success',
      comments: `The disk grew from ${row.diskSize} GB to ${target} GB`,
      event: { type: 'instance.disk_upgraded', fromGb: row.diskSize },
    });
  });
}

/**
 * A disk step failed. Until the job queue's last attempt only the error is
 * kept; the last one reverts `storageInProgress` (spec section 4), leaves the
 * size as it was and records the failure with the spec's words for the UI.
 */
export async function recordDiskFailure(d: DiskStepDeps, row: InstanceRow, err: unknown, final: boolean): Promise<void> {
  const failure = errorForLog(err).message;
  if (!final) {
    await diskRepo(d.db).noteFailure(row.instanceId, failure);
    return;
  }
  const at = d.clock.now();
  await d.db.transaction(async (tx) => {
    const reverted = await diskRepo(tx).settleStorage(row, { failure, uiFailure: DISK_MESSAGES.increaseFailed, updatedAt: at });
    if (!reverted) return;
    await recordInstanceEvent(tx, {
      instance: reverted,
      actor: null,
      at,
      action: 'disk-upgrade',
      status: 'failed',
      comments: failure,
      event: { type: 'instance.disk_upgrade_failed', toGb: row.pendingDiskSize ?? row.diskSize, reason: failure },
    });
  });
}
