import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { domainEventSchema, type InstanceSize } from '@replay/contracts';
import { domainEvents, instanceUsagePeriods } from '../../src/db/schema';
import type { InstanceHealth, InstanceRuntime, InstanceSpec } from '../../src/infra/driver';
import type { WorkflowDriver } from '../../src/modules/instances/workflow/instances.workflow-offers.door';
import { convergeInstance } from '../../src/modules/instances/workflow/instances.workflow';
import type { TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { api, newInstance, seedInstance } from './support';

/**
 * Each status change of an instance ends its usage period and begins the next
 * in the change's own transaction (billing meters from them), whether a member
 * asked for it or the workflow made it.
 */

/** Runs every step at once and answers healthy while running: the workflow's rules are tested elsewhere. */
class InstantDriver implements WorkflowDriver {
  private running = new Set<string>();
  private runtime(id: string, size: InstanceSize | null = null): InstanceRuntime {
    return { instanceId: id, state: 'running', url: `http://localhost:4000/${id}`, healthUrl: `http://localhost:4000/${id}/api/health`, pid: null, version: '1.21', size, diskSize: null };
  }
  async create(spec: InstanceSpec) {
    this.running.add(spec.instanceId);
    return this.runtime(spec.instanceId, spec.size);
  }
  async stop(id: string) {
    this.running.delete(id);
    return this.runtime(id);
  }
  async terminate(id: string) {
    this.running.delete(id);
  }
  async resizeDisk(id: string) {
    return this.runtime(id);
  }
  async cleanup() {
    return { removedDays: [], removedBytes: 0, cleanedAt: Date.now() };
  }
  async applyConfig(_id: string, change: { corsOrigins?: string[] }) {
    return { retentionDays: 7, corsOrigins: change.corsOrigins ?? [], sso: null, updatedAt: Date.now() };
  }
  async backup(_id: string, name: string) {
    return { name, createdAt: Date.now(), bytes: 0 };
  }
  async restoreData(_id: string, name: string, restoreId: string) {
    return { name, restoreId, restoredAt: Date.now(), bytes: 0 };
  }
  async start(id: string) {
    this.running.add(id);
    return this.runtime(id);
  }
  async upgradeVersion(id: string) {
    return this.runtime(id);
  }
  async backupForUpgrade(_id: string, key: string) {
    return { key, createdAt: Date.now(), bytes: 0, restoredAt: null };
  }
  async restoreBackup(id: string) {
    return this.runtime(id);
  }
  async changeType(id: string, size: InstanceSize) {
    return this.runtime(id, size);
  }
  async health(id: string): Promise<InstanceHealth> {
    const healthy = this.running.has(id);
    return { healthy, statusCode: healthy ? 200 : null, tenants: healthy ? [{ active: true }] : [], version: '1.21', error: null, checkedAt: Date.now() };
  }
}

let t: TestApp;
let owner: SignedIn;
const driver = new InstantDriver();
const once = { retryCount: 0, retryLimit: 4 };
beforeAll(async () => ({ t, owner } = await appWithOwner()));
afterAll(() => t.close());

/** One minute passes, then the workflow runs the instance to its next resting status. */
async function converge(instanceId: string) {
  t.clock.advance(60_000);
  await convergeInstance({ db: t.runtime.ctx.db, driver, clock: t.clock, enqueue: async () => undefined, offers: t.runtime.services.instanceWorkflowOffers }, instanceId, once);
}

async function act(instanceId: string, action: 'start' | 'stop' | 'terminate') {
  t.clock.advance(60_000);
  const res = await api(t, owner.jwt).post(`/managed-saas/instances/${instanceId}/actions`, { action, ...(action === 'terminate' ? { confirm: 'TERMINATE' } : {}) });
  expect(res.statusCode).toBe(200);
}

const periodsOf = (instanceId: string) => t.runtime.ctx.db.select().from(instanceUsagePeriods).where(eq(instanceUsagePeriods.instanceId, instanceId)).orderBy(asc(instanceUsagePeriods.startedAt));

describe('instance usage periods', () => {
  it('create → running → stop → start → terminate: contiguous periods with the instance’s size and disk', async () => {
    const inst = await newInstance(t, owner.jwt, { size: 'small' });
    await converge(inst.instanceId);
    await act(inst.instanceId, 'stop');
    await converge(inst.instanceId);
    await act(inst.instanceId, 'start');
    await converge(inst.instanceId);
    await act(inst.instanceId, 'terminate');
    await converge(inst.instanceId);

    const periods = await periodsOf(inst.instanceId);
    expect(periods.map((p) => p.status)).toEqual(['creating', 'initializing', 'running', 'stopping', 'stopped', 'starting', 'running', 'terminating']);
    expect(periods.every((p) => p.size === 'small' && p.diskGb === 120 && p.tenantId === owner.user.tenantId)).toBe(true);
    // Each ends where the next begins; the last ends at termination, and none is open after it.
    for (let i = 1; i < periods.length; i++) expect(periods[i]!.startedAt).toEqual(periods[i - 1]!.endedAt);
    expect(periods.at(-1)!.endedAt).not.toBeNull();
    const { deletedAt } = (await api(t, owner.jwt).get(`/managed-saas/instances/${inst.instanceId}`)).json().data;
    expect(periods.at(-1)!.endedAt!.getTime()).toBe(deletedAt);

    // The same facts travel in the events (billing can follow either).
    const events = await t.runtime.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.tenantId, owner.user.tenantId)))
      .orderBy(asc(domainEvents.occurredAt));
    const transitions = events.map((e) => domainEventSchema.parse(e.payload)).filter((e) => 'instance' in e && e.instance.id === inst.instanceId);
    expect(transitions.map((e) => e.type)).toEqual([
      'instance.created',
      'instance.initializing',
      'instance.running',
      'instance.stopping',
      'instance.stopped',
      'instance.starting',
      'instance.started',
      'instance.terminating',
      'instance.terminated',
    ]);
  });

  it('records what the instance is: a large one’s periods say large and 480 GB, and a period stays open while it runs', async () => {
    const inst = await seedInstance(t, owner.user.tenantId, { status: 'creating', inProgress: true, size: 'large', diskSize: 480 });
    await converge(inst.instanceId);
    const periods = await periodsOf(inst.instanceId);
    expect(periods.map((p) => [p.status, p.size, p.diskGb, p.endedAt === null])).toEqual([
      ['initializing', 'large', 480, false],
      ['running', 'large', 480, true],
    ]);
  });

  it('begins no new period for changes that are not transitions (a rename)', async () => {
    const other = await signup(t);
    const inst = await newInstance(t, other.jwt);
    const before = await periodsOf(inst.instanceId);
    expect(before.map((p) => p.status)).toEqual(['creating']);
    expect((await api(t, other.jwt).put(`/managed-saas/instances/${inst.instanceId}`, { name: 'Renamed' })).statusCode).toBe(200);
    expect(await periodsOf(inst.instanceId)).toEqual(before);
  });
});
