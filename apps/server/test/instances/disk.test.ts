import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_STOPS_AT_PERCENT } from '@replay/agent-protocol';
import { DISK_ALERT_PERCENT, DISK_MESSAGES, INSTANCE_MESSAGES, type CleanupPreview, type Instance, type LastCleanup, type InstanceActivity, type Statistics } from '@replay/contracts';
import { instanceMetricBlocks, instanceMetrics, instances, tenants } from '../../src/db/schema';
import { monitoringRepo } from '../../src/modules/monitoring/monitoring.repo';
import { LocalDriver } from '../../src/infra/local-driver';
import type { TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { expectErrorAnswerShape } from '../support/error-answer';
import { auditRowsOf } from '../support/team';
import { activityRecords, addMember, api, appWithRunningInstance, tempInstancesDir, until } from './support';

/**
 * Manage Disk through the API with a real agent: the disk grows on the
 * running agent through the workflow, a cleanup really removes old
 * recordings on it (once per 6 hours), and the statistics carry the alert
 * and the forecast from the stored disk series.
 */
const dir = tempInstancesDir();
let t: TestApp;
let owner: SignedIn;
let inst: Instance;
const path = (what = '') => `/managed-saas/instances/${inst.instanceId}${what}`;
const driver = () => new LocalDriver({ root: join(dir.dataDir, 'instances'), consoleOrigin: 'http://localhost:3000' });
const read = async () => (await api(t, owner.jwt).get(path())).json().data as Instance;
const diskEvents = async () => (await activityRecords(t, inst.instanceId, 'disk-upgrade')).map((r) => r.status);

beforeAll(async () => {
  ({ t, owner, inst } = await appWithRunningInstance(dir.dataDir, { organizationName: 'Disk Corp', instance: { name: 'Disky' } }));
}, 60_000);
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

describe('POST …/disk-upgrade', () => {
  it('sends a free account (no billing details) to billing setup: 402, nothing changed', async () => {
    const res = await api(t, owner.jwt).post(path('/disk-upgrade'), { diskSize: 130 });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ errors: [DISK_MESSAGES.billingRequired], code: 'billing_required' });
    expect((await read()).storageInProgress).toBe(false);
    // An enterprise account is billed by contract: from here on the account may pay.
    await t.runtime.ctx.db.update(tenants).set({ edition: 'ee' }).where(eq(tenants.id, owner.user.tenantId));
  });

  it('refuses sizes outside the rule with 400 and says why', async () => {
    const cases: [unknown, string][] = [
      [125, DISK_MESSAGES.diskSize],
      [4100, DISK_MESSAGES.diskSize],
      [120, DISK_MESSAGES.notLarger(120)],
      [110, DISK_MESSAGES.notLarger(120)],
      [130.5, DISK_MESSAGES.diskSize],
      ['130', ''],
    ];
    for (const [diskSize, message] of cases) {
      const res = await api(t, owner.jwt).post(path('/disk-upgrade'), { diskSize });
      expect(res.statusCode, String(diskSize)).toBe(400);
      expectErrorAnswerShape(res);
      if (message) expect(res.json().errors.join(' ')).toContain(message);
    }
    expect((await api(t, owner.jwt).post(path('/disk-upgrade'), { diskSize: 130, more: 1 })).statusCode).toBe(400);
  });

  it('grows the running agent’s real disk online through the workflow, with a pending then a success record', { timeout: 60_000 }, async () => {
    const pid = driver().livePid(inst.instanceId);
    const res = await api(t, owner.jwt).post(path('/disk-upgrade'), { diskSize: 4000 });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json().data as Instance;
    expect(started).toMatchObject({ storageInProgress: true, canUpdateStorage: false, canSwitchInstance: false, diskSize: 120 });
    const done = await until(read, (i) => !i.storageInProgress, 30_000, 'disk grown');
    expect(done).toMatchObject({ diskSize: 4000, canUpdateStorage: true, status: 'running', uiFailure: null });
    expect(done.lastStorageUpdateAt).toBeGreaterThan(0);
    expect(done.storagePrice.monthly).toBe(4000 * done.storagePrice.price * 720);
    // The agent itself says so, and it was not restarted.
    const health = await driver().health(inst.instanceId);
    expect(health.healthy).toBe(true);
    expect((await driver().stats(inst.instanceId)).disk.totalBytes).toBe(4000 * 1024 ** 3);
    expect(driver().livePid(inst.instanceId)).toBe(pid);
    expect((await diskEvents()).sort()).toEqual(['pending', 'success']);
    const events = (await api(t, owner.jwt).get(path('/user-activity'))).json().data.events as InstanceActivity[];
    expect(events.find((e) => e.action === 'disk-upgrade' && e.status === 'pending')?.userName).toBe(owner.user.name);
    const audit = await auditRowsOf(t, owner.user.tenantId);
    expect(audit.some((r) => r.action === 'Increase disk size' && r.status === 200)).toBe(true);
  });

  it('refuses a second change while one is under way (canUpdateStorage), and accepts only upward', async () => {
    const first = await api(t, owner.jwt).post(path('/disk-upgrade'), { diskSize: 4010 });
    const second = await api(t, owner.jwt).post(path('/disk-upgrade'), { diskSize: 4020 });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ errors: [DISK_MESSAGES.storageBusy], code: 'conflict' });
    await until(read, (i) => !i.storageInProgress, 30_000, 'disk grown');
    expect((await read()).diskSize).toBe(4010);
  });

  it('is refused to a member who may only view instances (403)', async () => {
    const viewer = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES']);
    expect((await api(t, viewer.jwt).post(path('/disk-upgrade'), { diskSize: 4090 })).statusCode).toBe(403);
    expect((await api(t, viewer.jwt).get(path('/last-cleanup'))).statusCode).toBe(200);
  });
});

describe('cleanup', () => {
  const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const sessions = () => join(dir.dataDir, 'instances', inst.instanceId, 'data', 'sessions');
  /** The last cleanup moved 6 hours back, as if they had passed (moving the clock would expire the session's token). */
  const sixHoursPass = () =>
    t.runtime.ctx.db
      .update(instances)
      .set({ lastCleanupAt: sql`${instances.lastCleanupAt} - interval '6 hours'` })
      .where(eq(instances.instanceId, inst.instanceId));

  it('answers last-cleanup null before any, and a preview of what each age would free, counted by the agent', async () => {
    expect((await api(t, owner.jwt).get(path('/last-cleanup'))).json().data).toEqual({ createdAt: null, nextAllowedAt: null, pendingDays: null });
    // Recordings written five days ago (the agent's default retention keeps 7 days).
    mkdirSync(join(sessions(), dayAgo(5)), { recursive: true });
    writeFileSync(join(sessions(), dayAgo(5), 'old.jsonl'), 'o'.repeat(3000));
    const res = await api(t, owner.jwt).get(path('/cleanup-preview'));
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data as CleanupPreview;
    expect(preview.ages).toEqual([
      { days: 1, bytes: 3000 },
      { days: 3, bytes: 3000 },
      { days: 7, bytes: 0 },
      { days: 14, bytes: 0 },
      { days: 30, bytes: 0 },
    ]);
    expect(preview.totalBytes).toBe(4010 * 1024 ** 3);
  });

  it('refuses an age outside 1, 3, 7, 14, 30 with 400', async () => {
    for (const days of [2, 0, 31, -1, 'seven']) {
      const res = await api(t, owner.jwt).post(path('/cleanup'), { days });
      expect(res.statusCode, String(days)).toBe(400);
      expectErrorAnswerShape(res);
    }
  });

  const lastCleanup = async () => (await api(t, owner.jwt).get(path('/last-cleanup'))).json().data as LastCleanup;
  const cleanupRecords = () => activityRecords(t, inst.instanceId, 'diskCleanup');

  it('accepts a cleanup, which the workflow then runs on the agent, removing the recordings older than the age, once per 6 hours', { timeout: 30_000 }, async () => {
    const res = await api(t, owner.jwt).post(path('/cleanup'), { days: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data;
    expect(answer).toEqual({ message: DISK_MESSAGES.cleanupInitiated, days: 3, createdAt: expect.any(Number) });
    const done = await until(lastCleanup, (c) => c.pendingDays === null, 20_000, 'the cleanup step');
    expect(done.createdAt).toBe(answer.createdAt);
    expect(existsSync(join(sessions(), dayAgo(5)))).toBe(false);
    // The member's request, then the workflow's record with what the agent freed.
    expect((await cleanupRecords()).map((r) => [r.status, r.userName, r.comments])).toEqual([
      ['pending', owner.user.name, `${DISK_MESSAGES.cleanupInitiated}: recordings older than 3 days`],
      ['success', 'System', 'Recordings older than 3 days removed, 3000 bytes freed'],
    ]);

    const again = await api(t, owner.jwt).post(path('/cleanup'), {});
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ errors: [DISK_MESSAGES.cleanupOncePerInterval], code: 'rate_limited' });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(6 * 3600 - 60);

    await sixHoursPass();
    const later = await api(t, owner.jwt).post(path('/cleanup'), {});
    expect(later.statusCode).toBe(200);
    expect(later.json().data.days).toBe(7);
    await until(lastCleanup, (c) => c.pendingDays === null, 20_000, 'the second cleanup step');
    const records = await cleanupRecords();
    expect(records.map((r) => r.status)).toEqual(['pending', 'success', 'pending', 'success']);
    expect(records[3]!.comments).toBe('Recordings older than 7 days removed, 0 bytes freed');
    const audit = await auditRowsOf(t, owner.user.tenantId);
    expect(audit.filter((r) => r.action === 'Disk cleanup').map((r) => r.status)).toEqual(expect.arrayContaining([200, 429]));
  });

  it('answers 409 when the instance is not running, and 404 for another account’s instance', async () => {
    const stranger = await signup(t);
    const asStranger = api(t, stranger.jwt);
    for (const res of [
      await asStranger.post(path('/cleanup'), { days: 7 }),
      await asStranger.post(path('/disk-upgrade'), { diskSize: 4090 }),
      await asStranger.get(path('/last-cleanup')),
      await asStranger.get(path('/cleanup-preview')),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    await api(t, owner.jwt).post(path('/actions'), { action: 'stop' });
    await until(read, (i) => i.status === 'stopped' && !i.inProgress, 30_000, 'stopped');
    await sixHoursPass();
    const res = await api(t, owner.jwt).post(path('/cleanup'), { days: 7 });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([INSTANCE_MESSAGES.notRunning]);
    expect((await api(t, owner.jwt).get(path('/cleanup-preview'))).statusCode).toBe(409);
  });
});

describe('disk alerts and forecast in the statistics', () => {
  const HOUR = 3_600_000;
  const statistics = async () => (await api(t, owner.jwt).get(path('/statistics'))).json().data as Statistics;
  const sample = (at: number, diskPercent: number) =>
    monitoringRepo(t.runtime.ctx.db).insertSamples([{ instanceId: inst.instanceId, at: new Date(at), cpu: 100, memory: 100, disk: Math.round(diskPercent * 100) }]);

  it('raises critical exactly where the agent stops recording', () => {
    expect(DISK_ALERT_PERCENT.critical).toBe(RECORDING_STOPS_AT_PERCENT);
  });

  it('warns from 80 %, forecasts the day it fills from the trend, and says critical at 99 %', async () => {
    // Only this series: a sampling round of the real agent (every minute while it ran) would be the latest sample.
    await t.runtime.ctx.db.delete(instanceMetrics).where(eq(instanceMetrics.instanceId, inst.instanceId));
    await t.runtime.ctx.db.delete(instanceMetricBlocks).where(eq(instanceMetricBlocks.instanceId, inst.instanceId));
    // Twelve hours climbing 1 % an hour from 70 %: 82 % now, full in 18 hours.
    const now = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
    for (let h = 12; h >= 0; h--) await sample(now - h * HOUR, 82 - h);
    const warned = await statistics();
    expect(warned).toMatchObject({ disk: 82, diskAlert: 'warning', diskFullInDays: 1 });
    await sample(now + 60_000, 99.2);
    expect(await statistics()).toMatchObject({ diskAlert: 'critical' });
  });
});
