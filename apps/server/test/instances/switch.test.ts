import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentHeapLimitMib } from '@replay/agent-protocol';
import { DISK_MESSAGES, INSTANCE_MESSAGES, SIZES, SWITCH_MESSAGES, priceFor, type Instance, type InstanceActivity } from '@replay/contracts';
import { consoleActivities, instanceUsagePeriods, tenants } from '../../src/db/schema';
import { LocalDriver } from '../../src/infra/local-driver';
import type { TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { expectErrorAnswerShape } from '../support/error-answer';
import { auditRowsOf } from '../support/team';
import { activityRecords, addMember, api, appWithRunningInstance, seedInstance, tempInstancesDir, until } from './support';

/**
 * Switch Instance through the API with a real agent: the request's rules
 * (400, 402, 403, 404, 409), then the workflow restarting the agent at the
 * new type's limits, which the agent itself reports (its heap limit read back
 * from V8, its vCPUs), with the records, usage periods and audit row.
 */
const dir = tempInstancesDir();
let t: TestApp;
let owner: SignedIn;
let inst: Instance;
const MIB = 1024 * 1024;
const path = (id = inst.instanceId) => `/managed-saas/instances/${id}/instance-upgrade`;
const driver = () => new LocalDriver({ root: join(dir.dataDir, 'instances'), consoleOrigin: 'http://localhost:3000' });
const read = async () => (await api(t, owner.jwt).get(`/managed-saas/instances/${inst.instanceId}`)).json().data as Instance;
const switchRecords = async () => (await activityRecords(t, inst.instanceId, 'scaleUp')).map((r) => r.status);

beforeAll(async () => {
  ({ t, owner, inst } = await appWithRunningInstance(dir.dataDir, { organizationName: 'Switch Corp', instance: { name: 'Switchy', size: 'small' } }));
}, 60_000);
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

describe('POST …/instance-upgrade: the request', () => {
  it('answers a running, idle instance canSwitchInstance, and runs its agent at the small limits', async () => {
    expect(inst).toMatchObject({ size: 'small', instanceType: 'small', canSwitchInstance: true });
    const stats = await driver().stats(inst.instanceId);
    expect(stats.cpu.vcpu).toBe(SIZES.small.vcpu);
    expect(stats.memory.totalBytes).toBeGreaterThanOrEqual(agentHeapLimitMib(SIZES.small.memoryGb) * MIB);
    expect(stats.memory.totalBytes).toBeLessThan((agentHeapLimitMib(SIZES.small.memoryGb) + 64) * MIB);
  });

  it('sends a free account (no billing details) to billing setup for a dearer type: 402, nothing changed', async () => {
    const res = await api(t, owner.jwt).post(path(), { instanceType: 'medium' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ errors: [SWITCH_MESSAGES.billingRequired], code: 'billing_required' });
    expect(await read()).toMatchObject({ status: 'running', size: 'small', inProgress: false });
    expect(await switchRecords()).toEqual([]);
    // An enterprise account is billed by contract: from here on the account may pay.
    await t.runtime.ctx.db.update(tenants).set({ edition: 'ee' }).where(eq(tenants.id, owner.user.tenantId));
  });

  it('refuses an unknown type, the same type, or anything more with 400 and says why', async () => {
    const cases: [unknown, string][] = [
      [{ instanceType: 'huge' }, SWITCH_MESSAGES.instanceType],
      [{ instanceType: 'small' }, SWITCH_MESSAGES.sameType('small')],
      [{ instanceType: 'Medium' }, SWITCH_MESSAGES.instanceType],
      [{ instanceType: 2 }, SWITCH_MESSAGES.instanceType],
      [{}, ''],
      [{ instanceType: 'medium', size: 'large' }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await api(t, owner.jwt).post(path(), body as object);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expectErrorAnswerShape(res);
      if (message) expect(res.json().errors).toContain(message);
    }
    expect(await switchRecords()).toEqual([]);
  });

  it('refuses with 409 when the rule says no: stopped, a disk growing, another change under way, terminated', async () => {
    const cases: [Parameters<typeof seedInstance>[2], string][] = [
      [{ status: 'stopped' }, SWITCH_MESSAGES.notRunning],
      [{ storageInProgress: true, pendingDiskSize: 200 }, SWITCH_MESSAGES.storageBusy],
      [{ status: 'starting', inProgress: true }, SWITCH_MESSAGES.busy],
      [{ status: 'terminated', deletedAt: new Date() }, INSTANCE_MESSAGES.terminated],
    ];
    for (const [row, message] of cases) {
      const seeded = await seedInstance(t, owner.user.tenantId, row);
      const res = await api(t, owner.jwt).post(path(seeded.instanceId), { instanceType: 'large' });
      expect(res.statusCode, message).toBe(409);
      expect(res.json()).toEqual({ errors: [message], code: 'conflict' });
      const after = (await api(t, owner.jwt).get(`/managed-saas/instances/${seeded.instanceId}`)).json().data as Instance;
      expect(after).toMatchObject({ size: 'small', status: row!.status ?? 'running', canSwitchInstance: false });
    }
  });

  it('is refused to a member who may only view instances (403), and another account’s instance is not found (404)', async () => {
    const viewer = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES']);
    expect((await api(t, viewer.jwt).post(path(), { instanceType: 'medium' })).statusCode).toBe(403);
    const stranger = await signup(t, { organizationName: 'Elsewhere' });
    const res = await api(t, stranger.jwt).post(path(), { instanceType: 'medium' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual([INSTANCE_MESSAGES.notFound]);
    expect(await read()).toMatchObject({ status: 'running', size: 'small' });
  });
});

describe('the switch, through the workflow, with a real agent', () => {
  it('sets upgrading at once, then restarts the agent at the medium limits and settles running as medium', { timeout: 60_000 }, async () => {
    const pid = driver().livePid(inst.instanceId);
    const res = await api(t, owner.jwt).post(path(), { instanceType: 'medium' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'upgrading', inProgress: true, size: 'small', canSwitchInstance: false, canUpdateStorage: false });
    // While it switches, the disk waits (spec section 4's storage rule) and a second switch is refused.
    const disk = await api(t, owner.jwt).post(`/managed-saas/instances/${inst.instanceId}/disk-upgrade`, { diskSize: 200 });
    expect(disk.statusCode).toBe(409);
    expect(disk.json().errors).toEqual([DISK_MESSAGES.storageBusy]);
    const again = await api(t, owner.jwt).post(path(), { instanceType: 'large' });
    expect(again.statusCode).toBe(409);

    const done = await until(read, (i) => !i.inProgress, 45_000, 'the switch to settle');
    expect(done).toMatchObject({ status: 'running', size: 'medium', instanceType: 'medium', healthy: true, failure: null, uiFailure: null, canSwitchInstance: true });
    expect(done.pricingDetails).toEqual(priceFor('aws', 'eu-west-1', 'medium'));
    // A new process, running at the new type's limits, which it reports itself.
    const after = driver().livePid(inst.instanceId);
    expect(after).not.toBeNull();
    expect(after).not.toBe(pid);
    const health = await driver().health(inst.instanceId);
    expect(health.healthy).toBe(true);
    const stats = await driver().stats(inst.instanceId);
    expect(stats.cpu.vcpu).toBe(SIZES.medium.vcpu);
    expect(stats.memory.totalBytes).toBeGreaterThanOrEqual(agentHeapLimitMib(SIZES.medium.memoryGb) * MIB);
    expect(stats.memory.totalBytes).toBeLessThan((agentHeapLimitMib(SIZES.medium.memoryGb) + 64) * MIB);
    expect(stats.memory.percent).toBeCloseTo((stats.memory.usedBytes / stats.memory.totalBytes) * 100, 1);
  });

  it('recorded it: pending by the member then success, the console activity, the audit row and the usage periods', async () => {
    expect(await switchRecords()).toEqual(['pending', 'success']);
    const events = (await api(t, owner.jwt).get(`/managed-saas/instances/${inst.instanceId}/user-activity`)).json().data.events as InstanceActivity[];
    expect(events.find((e) => e.action === 'scaleUp' && e.status === 'pending')).toMatchObject({ userName: owner.user.name, comments: 'Switch from Small to Medium requested' });
    expect(events.find((e) => e.action === 'scaleUp' && e.status === 'success')).toMatchObject({ userName: 'System', comments: 'The instance switched from Small to Medium' });
    const activity = await t.runtime.ctx.db.select().from(consoleActivities).where(eq(consoleActivities.tenantId, owner.user.tenantId));
    expect(activity.map((a) => a.message)).toEqual(expect.arrayContaining(['Switch of instance Switchy from Small to Medium requested', 'Instance Switchy switched from Small to Medium']));
    const audit = await auditRowsOf(t, owner.user.tenantId);
    expect(audit.some((r) => r.action === 'Switch instance type' && r.status === 200 && r.instanceId === inst.instanceId)).toBe(true);
    expect(audit.some((r) => r.action === 'Switch instance type' && r.status === 402)).toBe(true);
    const periods = await t.runtime.ctx.db.select().from(instanceUsagePeriods).where(eq(instanceUsagePeriods.instanceId, inst.instanceId)).orderBy(asc(instanceUsagePeriods.startedAt));
    expect(periods.slice(-3).map((p) => [p.status, p.size, p.endedAt === null])).toEqual([
      ['running', 'small', false],
      ['upgrading', 'small', false],
      ['running', 'medium', true],
    ]);
  });
});
