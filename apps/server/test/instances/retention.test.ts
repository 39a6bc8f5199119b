import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_MESSAGES, type Instance, type RetentionRead } from '@replay/contracts';
import { LocalDriver } from '../../src/infra/local-driver';
import type { TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { expectErrorAnswerShape } from '../support/error-answer';
import { eq } from 'drizzle-orm';
import { instances } from '../../src/db/schema';
import { addInstance, auditRowsOf } from '../support/team';
import { activityRecords, addMember, api, appWithRunningInstance, tempInstancesDir, until } from './support';

/**
 * Data retention through the API with a real agent: the days a member saves are
 * applied to the running agent by the workflow's config step, and the agent really
 * removes the recordings older than that (folders dated in the past), keeping the rest.
 */
const dir = tempInstancesDir();
let t: TestApp;
let owner: SignedIn;
let inst: Instance;
const path = (what = '') => `/managed-saas/instances/${inst.instanceId}${what}`;
const driver = () => new LocalDriver({ root: join(dir.dataDir, 'instances'), consoleOrigin: 'http://localhost:3000' });
const read = async () => (await api(t, owner.jwt).get(path('/config-disk-usage'))).json().data as RetentionRead;
const applied = () => until(read, (r) => !r.pending, 30_000, 'the config step');
const save = (days: unknown) => api(t, owner.jwt).post(path('/config-disk-usage'), { days });
const DAY = 86_400_000;
/** A day's folder of recordings, `daysAgo` days back, as the agent stores them. */
function recordedDaysAgo(daysAgo: number): string {
  const folder = join(dir.dataDir, 'instances', inst.instanceId, 'data', 'sessions', new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10));
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `old-${daysAgo}.jsonl`), '{"type":"click"}\n');
  return folder;
}

beforeAll(async () => {
  ({ t, owner, inst } = await appWithRunningInstance(dir.dataDir, { organizationName: 'Retention Corp', instance: { name: 'Keeper' } }));
}, 60_000);
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

describe('GET …/config-disk-usage', () => {
  it('answers the default of 7 days for a new instance, as GET …/config does', async () => {
    const before = t.clock.now().getTime();
    const answer = await read();
    expect(answer).toEqual({ days: 7, pending: false, updatedAt: null, recent: { days: 10, bytes: 0, measuredAt: expect.any(Number) } });
    expect(answer.recent.measuredAt).toBeGreaterThanOrEqual(before);
    expect(answer.recent.measuredAt).toBeLessThanOrEqual(t.clock.now().getTime());
    expect((await api(t, owner.jwt).get(path('/config'))).json().data.disk).toEqual({ days: 7, pending: false, updatedAt: null });
    expect(await driver().readConfig(inst.instanceId)).toMatchObject({ retentionDays: 7 });
  });

  it('reads, fixed at 10 days, what the recordings of the last 10 days take on the instance, leaving older days out', async () => {
    const recent = [recordedDaysAgo(0), recordedDaysAgo(3), recordedDaysAgo(10)];
    recordedDaysAgo(11);
    recordedDaysAgo(40);
    const bytesOfOne = Buffer.byteLength('{"type":"click"}\n');
    expect((await read()).recent).toEqual({ days: 10, bytes: recent.length * bytesOfOne, measuredAt: expect.any(Number) });
    // A stopped instance cannot be measured: the read says so rather than guessing.
    await t.runtime.ctx.db.update(instances).set({ status: 'stopped' }).where(eq(instances.instanceId, inst.instanceId));
    try {
      expect(await read()).toMatchObject({ days: 7, recent: { days: 10, bytes: null, measuredAt: null } });
    } finally {
      await t.runtime.ctx.db.update(instances).set({ status: 'running' }).where(eq(instances.instanceId, inst.instanceId));
    }
  });
});

describe('POST …/config-disk-usage', () => {
  it('refuses days outside Unlimited, 90, 30, 20 and 7 with 400 and says why, changing nothing', async () => {
    for (const days of [5, 0, -1, 365, '7', 7.5, true, undefined]) {
      const res = await save(days);
      expect(res.statusCode, String(days)).toBe(400);
      expectErrorAnswerShape(res);
      expect(res.json().errors.join(' ')).toContain(RETENTION_MESSAGES.days);
    }
    expect((await api(t, owner.jwt).post(path('/config-disk-usage'), { days: 30, more: 1 })).statusCode).toBe(400);
    expect(await read()).toMatchObject({ days: 7, pending: false, updatedAt: null });
    expect(await activityRecords(t, inst.instanceId, 'retentionUpdate')).toEqual([]);
  });

  it('keeps everything when Unlimited, then removes exactly what is older than a shorter retention, on the agent itself', { timeout: 60_000 }, async () => {
    const unlimited = await save(null);
    expect(unlimited.statusCode, unlimited.body).toBe(200);
    expect(unlimited.json().data).toMatchObject({ days: null, pending: true });
    expect(await applied()).toMatchObject({ days: null, pending: false });
    expect(await driver().readConfig(inst.instanceId)).toMatchObject({ retentionDays: null });

    const folders = [5, 25, 60, 100].map(recordedDaysAgo);
    const kept = () => folders.map((f) => existsSync(f));
    expect((await save(90)).statusCode).toBe(200);
    await applied();
    expect(kept()).toEqual([true, true, true, false]);

    expect((await save(20)).statusCode).toBe(200);
    expect(await applied()).toMatchObject({ days: 20, pending: false, updatedAt: expect.any(Number) });
    expect(kept()).toEqual([true, false, false, false]);

    expect((await activityRecords(t, inst.instanceId, 'retentionUpdate')).map((r) => [r.status, r.userName, r.comments])).toEqual([
      ['pending', owner.user.name, 'Data retention set to Unlimited'],
      ['success', 'System', 'The instance now keeps recordings without limit'],
      ['pending', owner.user.name, 'Data retention set to 90 days'],
      ['success', 'System', 'The instance now keeps recordings for 90 days'],
      ['pending', owner.user.name, 'Data retention set to 20 days'],
      ['success', 'System', 'The instance now keeps recordings for 20 days'],
    ]);
    const audit = await auditRowsOf(t, owner.user.tenantId);
    expect(audit.filter((r) => r.action === 'Retention update' && r.status === 200).map((r) => r.instanceId)).toEqual([inst.instanceId, inst.instanceId, inst.instanceId]);
  });
});

describe('who may', () => {
  it('lets a member who may only read see the retention, not change it: 403, nothing changed', async () => {
    const viewer = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES']);
    expect((await api(t, viewer.jwt).get(path('/config-disk-usage'))).json().data).toMatchObject({ days: 20 });
    expect((await api(t, viewer.jwt).post(path('/config-disk-usage'), { days: 7 })).statusCode).toBe(403);
    expect(await read()).toMatchObject({ days: 20 });
  });

  it('answers 404 for another account’s instance', async () => {
    const stranger = await signup(t);
    for (const res of [await api(t, stranger.jwt).get(path('/config-disk-usage')), await api(t, stranger.jwt).post(path('/config-disk-usage'), { days: 7 })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });
});

describe('POST /managed-saas/config-disk-usage (every instance of the account)', () => {
  const saveAll = (jwt: string, days: unknown) => api(t, jwt).post('/managed-saas/config-disk-usage', { days });

  it('saves one retention on every instance not terminated, as each own save would, applied by the config step', { timeout: 60_000 }, async () => {
    const gone = await addInstance(t, owner.user.tenantId, 'Gone');
    await t.runtime.ctx.db.update(instances).set({ status: 'terminated' }).where(eq(instances.instanceId, gone));
    const res = await saveAll(owner.jwt, 30);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ days: 30, applied: [{ instanceId: inst.instanceId, name: 'Keeper' }], busy: [] });
    expect(await applied()).toMatchObject({ days: 30, pending: false });
    expect((await activityRecords(t, inst.instanceId, 'retentionUpdate')).map((r) => r.comments)).toContain('Data retention set to 30 days');
    expect((await auditRowsOf(t, owner.user.tenantId)).map((r) => r.action)).toContain('Retention update (all instances)');
  });

  it('refuses a member whose role does not reach every instance, and one who may only read: 403, nothing changed', async () => {
    const some = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES', 'EDIT_INSTANCES'], [inst.instanceId]);
    const refused = await saveAll(some.jwt, 7);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual([RETENTION_MESSAGES.accountScope]);
    const viewer = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES']);
    expect((await saveAll(viewer.jwt, 7)).statusCode).toBe(403);
    expect(await read()).toMatchObject({ days: 30 });
  });

  it("refuses other days with 400, and another account's save leaves this one's instances as they were", async () => {
    const bad = await saveAll(owner.jwt, 15);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([RETENTION_MESSAGES.days]);
    const stranger = await signup(t);
    const theirs = await saveAll(stranger.jwt, 7);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data).toEqual({ days: 7, applied: [], busy: [] });
    expect(await read()).toMatchObject({ days: 30 });
  });
});
