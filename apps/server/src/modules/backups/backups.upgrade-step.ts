import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { UpgradeBackup } from '../../infra/driver';
import { backupsRepo, type InstanceRow } from './backups.repo';

/**
 * The copy a version upgrade takes before it changes anything (driver.backupForUpgrade) is a
 * backup of the instance like the others (issue 42: it was announced as kept, but was neither
 * listed nor restorable, and Last Backup did not count it): recorded done, kind `upgrade`,
 * under the driver's name for it (backups.repo's backupName), removed by the same retention.
 * The upgrade step calls this after the driver took the copy and before the new version
 * starts; the unique (instance, upgrade key) makes a second call, after a crash, add nothing.
 */
export async function recordUpgradeBackup(db: Db, instance: Pick<InstanceRow, 'instanceId' | 'tenantId'>, backup: UpgradeBackup): Promise<void> {
  const takenAt = new Date(backup.createdAt);
  await backupsRepo(db).add({
    backupId: randomUUID(),
    instanceId: instance.instanceId,
    tenantId: instance.tenantId,
    kind: 'upgrade',
    upgradeKey: backup.key,
    slot: null,
    status: 'done',
    bytes: Math.round(backup.bytes),
    createdAt: takenAt,
    takenAt,
  });
}
