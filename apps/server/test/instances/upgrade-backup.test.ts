import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { InstanceBackups } from '@replay/contracts';
import { instanceActivities, instanceBackups, instances } from '../../src/db/schema';
import type { InstanceHealth, InstanceRuntime, UpgradeBackup } from '../../src/infra/driver';
import { restoreFromBackup } from '../../src/modules/backups/backups.step';
import { recordUpgradeBackup } from '../../src/modules/backups/backups.upgrade-step';
import { upgradeVersion } from '../../src/modules/instances/version/instances.version-step';
import type { TestApp } from '../support/app';
import type { SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { api, seedInstance } from './support';

/**
 * Issue 42: the backup a version upgrade takes first was announced as kept, yet neither listed
 * nor restorable, and Last Backup said "No backup yet". The step now records it as a backup
 * (kind `upgrade`); here against a driver double, through a console that dies mid-step (the
 * step run again records nothing twice). The real agents' side is in version.test.ts.
 */
let t: TestApp;
let owner: SignedIn;
beforeAll(async () => ({ t, owner } = await appWithOwner()));
afterAll(() => t.close());

const TAKEN_AT = Date.UTC(2026, 0, 5, 10, 30);

/** A version that never starts, and a console killed the first time it puts the old one back. */
class UpgradeDouble {
  calls: string[] = [];
  killOnRestore = true;
  private readonly taken = new Map<string, UpgradeBackup>();
  private runtime(id: string): InstanceRuntime {
    return { instanceId: id, state: 'running', url: 'http://localhost:45999', healthUrl: 'http://localhost:45999/api/health', pid: null, version: '1.21', size: 'small', diskSize: 120 };
  }
  async backupForUpgrade(id: string, key: string): Promise<UpgradeBackup> {
    this.calls.push(`backupForUpgrade ${key}`);
    const backup = this.taken.get(key) ?? { key, createdAt: TAKEN_AT, bytes: 4096, restoredAt: null };
    this.taken.set(key, backup);
    return backup;
  }
  async upgradeVersion(): Promise<InstanceRuntime> {
    throw new Error('Version 1.22 did not start');
  }
  async start(id: string) {
    return this.runtime(id);
  }
  async restoreBackup(id: string, key: string): Promise<InstanceRuntime> {
    this.calls.push(`restoreBackup ${key}`);
    if (this.killOnRestore) {
      this.killOnRestore = false;
      throw new Error('console killed');
    }
    return this.runtime(id);
  }
  async health(): Promise<InstanceHealth> {
    return { healthy: true, statusCode: 200, tenants: [{ active: true }], version: '1.21', error: null, checkedAt: Date.now() };
  }
  async backup(): Promise<never> {
    throw new Error('not asked in these tests');
  }
  restored: string[] = [];
  async restoreData(_id: string, name: string, restoreId: string) {
    this.restored.push(name);
    return { name, restoreId, restoredAt: Date.now(), bytes: 4096 };
  }
}

describe('the upgrade step’s backup', () => {
  it('is recorded once as a done backup of kind upgrade, listed and counted in Last Backup, however often the step runs', async () => {
    const inst = await seedInstance(t, owner.user.tenantId, { status: 'version-upgrading', inProgress: true, version: '1.21', pendingVersion: '1.22' });
    const driver = new UpgradeDouble();
    const deps = { db: t.runtime.ctx.db, driver, clock: t.clock, versionHealthTimeoutMs: 200, offers: { recordUpgradeBackup } };

    await expect(upgradeVersion(deps, inst)).rejects.toThrow('console killed');
    // The job runs the step again from the row as it is.
    const [again] = await t.runtime.ctx.db.select().from(instances).where(eq(instances.instanceId, inst.instanceId));
    await upgradeVersion(deps, again!);

    expect(driver.calls.filter((c) => c.startsWith('backupForUpgrade'))).toHaveLength(2);
    const rows = await t.runtime.ctx.db.select().from(instanceBackups).where(eq(instanceBackups.instanceId, inst.instanceId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'upgrade', status: 'done', bytes: 4096, upgradeKey: '1_21-to-1_22', tenantId: owner.user.tenantId });
    expect(rows[0]!.takenAt!.getTime()).toBe(TAKEN_AT);

    const listed = (await api(t, owner.jwt).get(`/managed-saas/instances/${inst.instanceId}/backups`)).json().data as InstanceBackups;
    expect(listed.backups).toEqual([{ backupId: rows[0]!.backupId, kind: 'upgrade', status: 'done', createdAt: TAKEN_AT, takenAt: TAKEN_AT, bytes: 4096, failure: null }]);
    expect(listed.lastBackupAt).toBe(TAKEN_AT);
    // The rollback itself landed once.
    const records = await t.runtime.ctx.db
      .select()
      .from(instanceActivities)
      .where(and(eq(instanceActivities.instanceId, inst.instanceId), eq(instanceActivities.status, 'failed')));
    expect(records).toHaveLength(1);
  });

  it('is restored from the name the driver took it under', async () => {
    const inst = await seedInstance(t, owner.user.tenantId, { status: 'running' });
    const driver = new UpgradeDouble();
    const backup = await driver.backupForUpgrade(inst.instanceId, 'a1b2');
    await recordUpgradeBackup(t.runtime.ctx.db, inst, backup);
    const [row] = await t.runtime.ctx.db.select().from(instanceBackups).where(eq(instanceBackups.instanceId, inst.instanceId));
    const asked = await api(t, owner.jwt).post(`/managed-saas/instances/${inst.instanceId}/backups/${row!.backupId}/restore`);
    expect(asked.statusCode, asked.body).toBe(200);
    const [restoring] = await t.runtime.ctx.db.select().from(instances).where(eq(instances.instanceId, inst.instanceId));
    await restoreFromBackup({ db: t.runtime.ctx.db, driver, clock: t.clock }, restoring!);
    expect(driver.restored).toEqual(['upgrade-a1b2']);
  });
});
