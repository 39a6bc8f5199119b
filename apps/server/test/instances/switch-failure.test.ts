import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentHeapLimitMib } from '@replay/agent-protocol';
import { SIZES, SWITCH_MESSAGES, domainEventSchema, type Instance, type InstanceSize } from '@replay/contracts';
import { domainEvents, instances, tenants } from '../../src/db/schema';
import { DriverError, type InstanceRuntime } from '../../src/infra/driver';
import { LocalDriver } from '../../src/infra/local-driver';
import { workflowDepsOf } from '../../src/modules/instances/workflow/instances.jobs';
import { convergeInstance } from '../../src/modules/instances/workflow/instances.workflow';
import { createTestApp, type TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { activityRecords, api, newInstance, tempInstancesDir } from './support';

/**
 * A switch that fails, with a real agent: the driver really restarts the
 * agent at the new type, which then fails (as an agent that does not stay up
 * at its new size would). Until the last attempt the switch stays under way;
 * the last one puts the agent back at its old limits, running, and records
 * the failure with the words the UI shows. The workflow is driven here one
 * attempt at a time (no job queue), so "the last attempt" is the test's to say.
 */
class FailingSwitchDriver extends LocalDriver {
  /** A change to this type restarts the agent, then fails. */
  failTo: InstanceSize | null = null;
  override async changeType(instanceId: string, size: InstanceSize): Promise<InstanceRuntime> {
    const runtime = await super.changeType(instanceId, size);
    if (size === this.failTo) throw new DriverError('start-failed', `The agent at ${size} did not stay up`);
    return runtime;
  }
}

const dir = tempInstancesDir();
const driver = new FailingSwitchDriver({ root: join(dir.dataDir, 'instances'), consoleOrigin: 'http://localhost:3000' });
let t: TestApp;
let owner: SignedIn;
let inst: Instance;
const MIB = 1024 * 1024;
const once = { retryCount: 0, retryLimit: 4 };
const last = { retryCount: 4, retryLimit: 4 };
const converge = (attempt = once) => convergeInstance(workflowDepsOf(t.runtime.ctx, t.runtime.services), inst.instanceId, attempt);
const row = async () => (await t.runtime.ctx.db.select().from(instances).where(eq(instances.instanceId, inst.instanceId)))[0]!;
const read = async () => (await api(t, owner.jwt).get(`/managed-saas/instances/${inst.instanceId}`)).json().data as Instance;
const switchRecords = async () => (await activityRecords(t, inst.instanceId, 'scaleUp')).map((r) => r.status);
const heapLimitOf = async () => (await driver.stats(inst.instanceId)).memory.totalBytes;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dir.dataDir }, { driver });
  owner = await signup(t, { organizationName: 'Failing Switch Corp' });
  await t.runtime.ctx.db.update(tenants).set({ edition: 'ee' }).where(eq(tenants.id, owner.user.tenantId));
  inst = await newInstance(t, owner.jwt, { name: 'Stubborn', size: 'small' });
  await converge();
  expect(await read()).toMatchObject({ status: 'running', size: 'small' });
}, 60_000);
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

describe('a switch that fails', () => {
  it('keeps trying while attempts remain: still upgrading, the error kept, nothing shown to the UI yet', { timeout: 60_000 }, async () => {
    driver.failTo = 'large';
    expect((await api(t, owner.jwt).post(`/managed-saas/instances/${inst.instanceId}/instance-upgrade`, { instanceType: 'large' })).statusCode).toBe(200);
    await expect(converge()).rejects.toThrow('The agent at large did not stay up');
    expect(await row()).toMatchObject({ status: 'upgrading', inProgress: true, size: 'small', pendingSize: 'large', failure: expect.stringContaining('did not stay up'), uiFailure: null });
    // The agent did restart at the new type (the failure came after): the undoing below is a real restart back.
    expect((await driver.stats(inst.instanceId)).cpu.vcpu).toBe(SIZES.large.vcpu);
    expect(await switchRecords()).toEqual(['pending']);
  });

  it('on the last attempt puts the agent back at the old limits, running, and records the failure', { timeout: 60_000 }, async () => {
    const pidAtLarge = driver.livePid(inst.instanceId);
    await expect(converge(last)).rejects.toThrow('did not stay up');
    expect(await read()).toMatchObject({
      status: 'running',
      inProgress: false,
      size: 'small',
      instanceType: 'small',
      healthy: true,
      uiFailure: SWITCH_MESSAGES.failed,
      failure: expect.stringContaining('did not stay up'),
      canSwitchInstance: true,
    });
    expect((await row()).pendingSize).toBeNull();
    expect(driver.livePid(inst.instanceId)).not.toBe(pidAtLarge);
    expect((await driver.health(inst.instanceId)).healthy).toBe(true);
    const stats = await driver.stats(inst.instanceId);
    expect(stats.cpu.vcpu).toBe(SIZES.small.vcpu);
    expect(stats.memory.totalBytes).toBeLessThan((agentHeapLimitMib(SIZES.small.memoryGb) + 64) * MIB);
    expect(await switchRecords()).toEqual(['pending', 'failed']);
    const events = (await t.runtime.ctx.db.select().from(domainEvents).where(eq(domainEvents.tenantId, owner.user.tenantId))).map((e) => domainEventSchema.parse(e.payload));
    expect(events.find((e) => e.type === 'instance.switch_failed')).toMatchObject({ toSize: 'large', instance: { size: 'small', status: 'running' } });
    // Settled: another run does nothing.
    await converge();
    expect(await switchRecords()).toEqual(['pending', 'failed']);
  });

  it('leaves the instance switchable: the next switch, with nothing failing, goes through', { timeout: 60_000 }, async () => {
    driver.failTo = null;
    expect(await heapLimitOf()).toBeLessThan(agentHeapLimitMib(SIZES.medium.memoryGb) * MIB);
    expect((await api(t, owner.jwt).post(`/managed-saas/instances/${inst.instanceId}/instance-upgrade`, { instanceType: 'medium' })).statusCode).toBe(200);
    await converge();
    expect(await read()).toMatchObject({ status: 'running', size: 'medium', failure: null, uiFailure: null });
    expect(await heapLimitOf()).toBeGreaterThanOrEqual(agentHeapLimitMib(SIZES.medium.memoryGb) * MIB);
    expect(await switchRecords()).toEqual(['pending', 'failed', 'pending', 'success']);
  });
});
