import { randomUUID } from 'node:crypto';
import { BACKUP_MESSAGES, DAILY_BACKUP_TIME, INSTANCE_MESSAGES, type InstanceBackups } from '@replay/contracts';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { msOrNull, type Clock } from '../../lib/time';
import { claimWithRecord } from '../instances/core/instances.accept-change.door';
import type { Enqueue } from '../instances/workflow/instances.jobs';
import type { InstancesService } from '../instances/core/instances.service';
import { backupsRepo, type BackupRow, type InstanceRow } from './backups.repo';

export interface BackupsDeps {
  database: Database;
  clock: Clock;
  enqueue: Enqueue;
  /** The one scope rule (404 for another account's id or one outside the caller's role). */
  instances: Pick<InstancesService, 'load'>;
  /** The operator's settings: DAILY_BACKUPS and BACKUP_RETENTION_DAYS. */
  daily: boolean;
  retentionDays: number;
}

const backupToWire = (b: BackupRow) => ({
  backupId: b.backupId,
  kind: b.kind,
  status: b.status,
  createdAt: b.createdAt.getTime(),
  takenAt: msOrNull(b.takenAt),
  bytes: b.bytes,
  failure: b.failure,
});

/** The instance's backups: list them, take one now, restore one. */
export function createBackupsService(deps: BackupsDeps) {
  const db = deps.database.db;

  async function answer(row: InstanceRow): Promise<InstanceBackups> {
    const backups = (await backupsRepo(db).list(row.instanceId)).map(backupToWire);
    const last = backups.find((b) => b.status === 'done');
    return {
      backups,
      schedule: { enabled: deps.daily, timeUtc: DAILY_BACKUP_TIME, retentionDays: deps.retentionDays },
      restoringBackupId: row.restoreBackupId,
      lastBackupAt: last?.takenAt ?? null,
    };
  }

  /** The instance in the caller's scope, running: a backup and a restore are taken from and into the running agent. */
  async function runningOrRefused(p: Principal, instanceId: string, notRunning: string): Promise<InstanceRow> {
    const row = await deps.instances.load(p, instanceId);
    if (row.status === 'terminated') throw conflict(INSTANCE_MESSAGES.terminated);
    if (row.status !== 'running') throw conflict(notRunning);
    return row;
  }

  return {
    async read(p: Principal, instanceId: string): Promise<InstanceBackups> {
      return answer(await deps.instances.load(p, instanceId));
    },

    /** A backup now: its row and the member's pending record in one transaction, then the workflow takes it. */
    async takeNow(p: Principal, instanceId: string): Promise<InstanceBackups> {
      const row = await runningOrRefused(p, instanceId, BACKUP_MESSAGES.notRunningToBackUp);
      if (row.pendingBackupId) throw conflict(BACKUP_MESSAGES.alreadyTaking);
      const at = deps.clock.now();
      const backupId = randomUUID();
      const claimed = await claimWithRecord(
        db,
        p,
        at,
        async (tx) => {
          await backupsRepo(tx).add({ backupId, instanceId, tenantId: p.tenantId, kind: 'manual', slot: null, requestedBy: p.userId, createdAt: at });
          const named = await backupsRepo(tx).nameMemberBackup(p.tenantId, instanceId, backupId);
          if (!named) throw conflict(BACKUP_MESSAGES.alreadyTaking);
          return named;
        },
        { action: 'backup', status: 'pending', comments: 'Backup requested', event: { type: 'instance.backup_requested', backupId, kind: 'manual' } },
      );
      await deps.enqueue(instanceId);
      return answer(claimed!);
    },

    /** Restores a backup taken and still kept: the request and the member's pending record in one transaction, then the workflow. */
    async restore(p: Principal, instanceId: string, backupId: string): Promise<InstanceBackups> {
      const row = await deps.instances.load(p, instanceId);
      const backup = await backupsRepo(db).get(instanceId, backupId);
      if (!backup) throw notFound(BACKUP_MESSAGES.notFound);
      await runningOrRefused(p, instanceId, BACKUP_MESSAGES.notRunningToRestore);
      if (backup.status !== 'done') throw conflict(BACKUP_MESSAGES.notRestorable);
      if (row.restoreId) throw conflict(BACKUP_MESSAGES.alreadyRestoring);
      const at = deps.clock.now();
      const when = backup.takenAt!.toISOString().slice(0, 16).replace('T', ' ');
      const claimed = await claimWithRecord(db, p, at, async (tx) => backupsRepo(tx).askRestore(p.tenantId, instanceId, backupId), {
        action: 'restore',
        status: 'pending',
        comments: `Restoring the backup taken ${when} UTC`,
        event: { type: 'instance.restoring', backupId },
      });
      if (!claimed) throw conflict(BACKUP_MESSAGES.alreadyRestoring);
      await deps.enqueue(instanceId);
      return answer(claimed);
    },
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;
