import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES, DAY_MS, type Instance, type InstanceBackups } from '@replay/contracts';
import { instanceBackups } from '../../src/db/schema';
import { workflowEnqueuer } from '../../src/modules/instances/workflow/instances.jobs';
import { dailySlot, runBackupRound } from '../../src/modules/backups/backups.schedule';
import type { TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { expectErrorAnswerShape } from '../support/error-answer';
import { auditRowsOf } from '../support/team';
import { activityRecords, addMember, api, appWithRunningInstance, setStatus, tempInstancesDir, until } from '../instances/support';

/**
 * Backups through the API with a real agent: a member takes one now, the workflow copies
 * the instance's data under the backup's name, a restore puts its recordings back (what
 * was recorded after it is gone, what it held is back), and the schedule's round asks for
 * one backup per instance and day, then removes those past the retention.
 */
const dir = tempInstancesDir();
let t: TestApp;
let owner: SignedIn;
let inst: Instance;
const path = (what = '') => `/managed-saas/instances/${inst.instanceId}${what}`;
const instanceDir = () => join(dir.dataDir, 'instances', inst.instanceId);
const read = async () => (await api(t, owner.jwt).get(path('/backups'))).json().data as InstanceBackups;
const settled = () => until(read, (b) => b.backups.every((x) => x.status !== 'pending') && b.restoringBackupId === null, 30_000, 'the backup step');
const today = () => new Date().toISOString().slice(0, 10);
/** A recording as the agent stores it: today's folder, one file per session. */
const recording = (sessionId: string) => join(instanceDir(), 'data', 'sessions', today(), `${sessionId}.jsonl`);
function record(sessionId: string): void {
  mkdirSync(join(instanceDir(), 'data', 'sessions', today()), { recursive: true });
  writeFileSync(recording(sessionId), '{"type":"click"}\n');
}
const round = (now: Date, daily = true) =>
  runBackupRound({ db: t.runtime.ctx.db, driver: t.runtime.ctx.driver, clock: { now: () => now }, enqueue: workflowEnqueuer(t.runtime.ctx.boss), daily, retentionDays: 7 });

beforeAll(async () => {
  ({ t, owner, inst } = await appWithRunningInstance(dir.dataDir, { organizationName: 'Backup Corp', instance: { name: 'Keeper' } }));
}, 60_000);
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

describe('GET …/backups', () => {
  it('answers none yet, with the schedule the operator set', async () => {
    expect(await read()).toEqual({ backups: [], schedule: { enabled: false, timeUtc: '23:45', retentionDays: 7 }, restoringBackupId: null, lastBackupAt: null });
  });
});

describe('POST …/backups (now)', () => {
  it('takes a backup of the running instance through the workflow, with the member’s record and the system’s', { timeout: 60_000 }, async () => {
    record('before-backup');
    const res = await api(t, owner.jwt).post(path('/backups'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.backups).toEqual([expect.objectContaining({ kind: 'manual', status: 'pending', takenAt: null, bytes: null })]);
    const done = await settled();
    const [backup] = done.backups;
    expect(backup).toMatchObject({ kind: 'manual', status: 'done', bytes: expect.any(Number), failure: null });
    expect(backup!.bytes).toBeGreaterThan(0);
    expect(done.lastBackupAt).toBe(backup!.takenAt);
    const copy = join(instanceDir(), 'backups', `backup-${backup!.backupId}`);
    expect(existsSync(join(copy, 'data', 'sessions', today(), 'before-backup.jsonl'))).toBe(true);
    expect((await activityRecords(t, inst.instanceId, 'backup')).map((r) => [r.status, r.userName, r.comments.replace(/\(.*\)/, '(…)')])).toEqual([
      ['pending', owner.user.name, 'Backup requested'],
      ['success', 'System', 'Backup taken (…)'],
    ]);
    const audit = await auditRowsOf(t, owner.user.tenantId);
    expect(audit.filter((r) => r.action === 'Backup' && r.status === 200).map((r) => r.instanceId)).toEqual([inst.instanceId]);
  });

  it('refuses a second while one waits, and any while the instance is not running: 409, nothing added', async () => {
    const { db } = t.runtime.ctx;
    const count = async () => (await db.select().from(instanceBackups).where(eq(instanceBackups.instanceId, inst.instanceId))).length;
    const before = await count();
    await setStatus(t, inst.instanceId, 'running', { pendingBackupId: inst.instanceId });
    const busy = await api(t, owner.jwt).post(path('/backups'));
    expect(busy.statusCode).toBe(409);
    expect(busy.json().errors).toEqual([BACKUP_MESSAGES.alreadyTaking]);
    await setStatus(t, inst.instanceId, 'stopped', { pendingBackupId: null });
    const stopped = await api(t, owner.jwt).post(path('/backups'));
    expect(stopped.statusCode).toBe(409);
    expectErrorAnswerShape(stopped);
    expect(stopped.json().errors).toEqual([BACKUP_MESSAGES.notRunningToBackUp]);
    await setStatus(t, inst.instanceId, 'running');
    expect(await count()).toBe(before);
  });
});

describe('POST …/backups/{backupId}/restore', () => {
  it('puts the backup’s recordings back: what was recorded after it is gone, what it held is back', { timeout: 60_000 }, async () => {
    const [backup] = (await read()).backups;
    record('after-backup');
    rmSync(recording('before-backup'));
    const res = await api(t, owner.jwt).post(path(`/backups/${backup!.backupId}/restore`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.restoringBackupId).toBe(backup!.backupId);
    await settled();
    expect(existsSync(recording('before-backup'))).toBe(true);
    expect(existsSync(recording('after-backup'))).toBe(false);
    expect((await activityRecords(t, inst.instanceId, 'restore')).map((r) => [r.status, r.userName])).toEqual([
      ['pending', owner.user.name],
      ['success', 'System'],
    ]);
    const audit = await auditRowsOf(t, owner.user.tenantId);
    expect(audit.filter((r) => r.action === 'Backup restore' && r.status === 200)).toHaveLength(1);
  });

  it('answers 404 for a backup the instance does not have or an id that is none, 409 for one that cannot be restored', async () => {
    const missing = await api(t, owner.jwt).post(path('/backups/00000000-0000-4000-8000-000000000000/restore'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual([BACKUP_MESSAGES.notFound]);
    const malformed = await api(t, owner.jwt).post(path('/backups/not-an-id/restore'));
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().errors).toEqual([BACKUP_MESSAGES.notFound]);
    const [backup] = (await read()).backups;
    await t.runtime.ctx.db.update(instanceBackups).set({ status: 'failed' }).where(eq(instanceBackups.backupId, backup!.backupId));
    const failed = await api(t, owner.jwt).post(path(`/backups/${backup!.backupId}/restore`));
    expect(failed.statusCode).toBe(409);
    expect(failed.json().errors).toEqual([BACKUP_MESSAGES.notRestorable]);
    await t.runtime.ctx.db.update(instanceBackups).set({ status: 'done' }).where(eq(instanceBackups.backupId, backup!.backupId));
    expect((await read()).restoringBackupId).toBeNull();
  });
});

describe('the schedule', () => {
  it('finds the latest 23:45 UTC at or before a time', () => {
    expect(dailySlot(new Date('2026-11-24T23:45:00Z')).toISOString()).toBe('2026-11-24T23:45:00.000Z');
    expect(dailySlot(new Date('2026-11-24T23:44:59Z')).toISOString()).toBe('2026-11-23T23:45:00.000Z');
    expect(dailySlot(new Date('2026-11-25T03:00:00Z')).toISOString()).toBe('2026-11-24T23:45:00.000Z');
  });

  it('asks for one daily backup per instance and slot, however many rounds run, and the workflow takes it', { timeout: 60_000 }, async () => {
    const later = new Date(Date.now() + DAY_MS);
    expect(await round(later, false)).toEqual({ requested: 0, named: 0, removed: 0, removalsFailed: 0 });
    const [first, second] = await Promise.all([round(later), round(later)]);
    expect(first!.requested + second!.requested).toBe(1);
    expect((await round(later)).requested).toBe(0);
    const done = await settled();
    expect(done.backups.map((b) => [b.kind, b.status])).toEqual([
      ['daily', 'done'],
      ['manual', 'done'],
    ]);
  });

  it('removes backups past the retention from the instance and from the list', { timeout: 60_000 }, async () => {
    const names = (await read()).backups.map((b) => join(instanceDir(), 'backups', `backup-${b.backupId}`));
    expect(names.every((n) => existsSync(n))).toBe(true);
    const report = await round(new Date(Date.now() + 9 * DAY_MS), false);
    expect(report).toMatchObject({ removed: 2, removalsFailed: 0 });
    expect(names.some((n) => existsSync(n))).toBe(false);
    expect(await read()).toMatchObject({ backups: [], lastBackupAt: null });
  });
});

describe('who may', () => {
  it('lets a member who may only read see the backups, not take or restore one: 403', async () => {
    const viewer = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES']);
    expect((await api(t, viewer.jwt).get(path('/backups'))).statusCode).toBe(200);
    expect((await api(t, viewer.jwt).post(path('/backups'))).statusCode).toBe(403);
    expect((await api(t, viewer.jwt).post(path(`/backups/${inst.instanceId}/restore`))).statusCode).toBe(403);
  });

  it('answers 404 for another account’s instance', async () => {
    const stranger = await signup(t);
    for (const res of [await api(t, stranger.jwt).get(path('/backups')), await api(t, stranger.jwt).post(path('/backups'))]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });
});
