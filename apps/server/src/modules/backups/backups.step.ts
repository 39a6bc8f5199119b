import { formatBytes } from '@replay/contracts';
import type { Db } from '../../db/client';
import type { InfrastructureDriver } from '../../infra/driver';
import { errorForLog } from '../../lib/log-safety';
import { recordInstanceEvent } from '../instances/core/instances.events';
import { backupName, backupsRepo, type InstanceRow } from './backups.repo';
import type { Clock } from '../../lib/time';
import type { WorkflowOffers } from '../instances/workflow/instances.workflow-offers.door';
import { recordUpgradeBackup } from './backups.upgrade-step';

/**
 * The workflow's backup and restore steps, run on a running instance at rest (after the
 * status's own step, a disk growing, a cleanup and a config change):
 *
 *   pendingBackupId  driver.backup under the row's name, then the row done, the instance
 *                    moved on to the next pending backup and the `backup` record, in one
 *                    transaction
 *   restoreId        driver.restoreData of the backup under the request's id, then the
 *                    request cleared and the `restore` record, in one transaction
 *
 * Both driver calls are idempotent by name and id (the agent answers a backup already
 * whole, and a restore id already done, as they were), so a console killed between the
 * call and its transaction runs the step again and nothing is copied or restored twice.
 */

export interface BackupStepDeps {
  db: Db;
  driver: Pick<InfrastructureDriver, 'backup' | 'restoreData'>;
  clock: Clock;
}

type Row = Pick<InstanceRow, 'pendingBackupId' | 'restoreId' | 'status'>;
export const needsBackup = (row: Row): boolean => row.pendingBackupId !== null && row.status === 'running';
export const needsRestore = (row: Row): boolean => row.restoreId !== null && row.status === 'running';

export async function takeBackup(d: BackupStepDeps, row: InstanceRow): Promise<void> {
  const backupId = row.pendingBackupId!;
  const taken = await d.driver.backup(row.instanceId, backupName({ backupId, upgradeKey: null }));
  const bytes = Math.round(taken.bytes);
  const at = d.clock.now();
  await d.db.transaction(async (tx) => {
    const repo = backupsRepo(tx);
    const done = await repo.settle(backupId, { status: 'done', bytes, takenAt: new Date(taken.createdAt) });
    const moved = await repo.moveOn(row.instanceId, backupId);
    if (!done || !moved) return;
    await recordInstanceEvent(tx, {
      instance: moved,
      actor: null,
      at,
      action: 'backup',
      status: 'success',
      comments: `Backup taken (${formatBytes(bytes)})`,
      event: { type: 'instance.backup_taken', backupId, bytes },
    });
  });
}

/** A backup step failed. Until the job queue's last attempt it is only tried again; the last one ends it as failed and moves on. */
export async function recordBackupFailure(d: BackupStepDeps, row: InstanceRow, err: unknown, final: boolean): Promise<void> {
  if (!final) return;
  const backupId = row.pendingBackupId!;
  const reason = errorForLog(err).message;
  await d.db.transaction(async (tx) => {
    const repo = backupsRepo(tx);
    const ended = await repo.settle(backupId, { status: 'failed', failure: reason });
    const moved = await repo.moveOn(row.instanceId, backupId);
    if (!ended || !moved) return;
    await recordInstanceEvent(tx, {
      instance: moved,
      actor: null,
      at: d.clock.now(),
      action: 'backup',
      status: 'failed',
      comments: reason,
      event: { type: 'instance.backup_failed', backupId, reason },
    });
  });
}

export async function restoreFromBackup(d: BackupStepDeps, row: InstanceRow): Promise<void> {
  const backupId = row.restoreBackupId!;
  const restoreId = row.restoreId!;
  const asked = await backupsRepo(d.db).get(row.instanceId, backupId);
  // The row outlives its backup (deleted rows are kept), so it is there while a restore names it.
  if (!asked) throw new Error(`Backup ${backupId} of instance ${row.instanceId} has no row`);
  await d.driver.restoreData(row.instanceId, backupName(asked), restoreId);
  const at = d.clock.now();
  await d.db.transaction(async (tx) => {
    const repo = backupsRepo(tx);
    const ended = await repo.endRestore(row.instanceId, restoreId);
    if (!ended) return;
    const when = asked.takenAt ? ` taken ${asked.takenAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
    await recordInstanceEvent(tx, {
      instance: ended,
      actor: null,
      at,
      action: 'restore',
      status: 'success',
      comments: `The instance's recordings are those of the backup${when}`,
      event: { type: 'instance.restored', backupId },
    });
  });
}

/** A restore failed: retried until the last attempt, which ends the request and records why. The recordings are as they were. */
export async function recordRestoreFailure(d: BackupStepDeps, row: InstanceRow, err: unknown, final: boolean): Promise<void> {
  if (!final) return;
  const backupId = row.restoreBackupId!;
  const reason = errorForLog(err).message;
  await d.db.transaction(async (tx) => {
    const ended = await backupsRepo(tx).endRestore(row.instanceId, row.restoreId!);
    if (!ended) return;
    await recordInstanceEvent(tx, {
      instance: ended,
      actor: null,
      at: d.clock.now(),
      action: 'restore',
      status: 'failed',
      comments: reason,
      event: { type: 'instance.restore_failed', backupId, reason },
    });
  });
}

/**
 * What backups offer the instance workflow (its WorkflowOffers), built by the backups manifest as
 * the service `instanceWorkflowOffers`: the two steps at rest, a backup waiting taken before a
 * restore replaces what it would have kept, and the copy a version upgrade takes kept as a backup.
 */
export const backupsWorkflowOffers: WorkflowOffers = {
  atRest: [
    { name: 'backup', needs: needsBackup, run: takeBackup, onFailure: recordBackupFailure },
    { name: 'restore', needs: needsRestore, run: restoreFromBackup, onFailure: recordRestoreFailure },
  ],
  recordUpgradeBackup,
};
