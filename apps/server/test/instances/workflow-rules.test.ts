import { spawn } from 'node:child_process';
import { once as nextEvent } from 'node:events';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DISK_MESSAGES, type InstanceStatus } from '@replay/contracts';
import { consoleActivities, consoleProcesses, instanceActivities, instances, rateLimits, tenants } from '../../src/db/schema';
import type { DesiredInstance, InstanceHealth, InstanceRuntime, InstanceSpec, ReconcileReport } from '../../src/infra/driver';
import { runHealthRound } from '../../src/modules/instances/workflow/instances.health';
import { rateLimiter } from '../../src/lib/rate-limit';
import { resumeInstances } from '../../src/modules/instances/workflow/instances.jobs';
import type { WorkflowDriver } from '../../src/modules/instances/workflow/instances.workflow-offers.door';
import { convergeInstance } from '../../src/modules/instances/workflow/instances.workflow';
import type { TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { api, seedInstance, until } from './support';

/**
 * The workflow's rules, one step at a time, against the real database and a
 * driver double that records its calls (the real driver is exercised in
 * workflow.test.ts and crash.test.ts).
 */

class DriverDouble implements WorkflowDriver {
  calls: string[] = [];
  specs: InstanceSpec[] = [];
  running = new Set<string>();
  known = new Set<string>();
  failCreate: Error | null = null;
  /** Runs inside a driver call, before it returns: lets a test change the row mid-step. */
  during: (() => Promise<void>) | null = null;

  private runtime(id: string): InstanceRuntime {
    const url = `http://localhost:4${id.slice(0, 4).replace(/\D/g, '0')}`;
    const state = !this.known.has(id) ? 'absent' : this.running.has(id) ? 'running' : 'stopped';
    return { instanceId: id, state, url, healthUrl: `${url}/api/health`, pid: null, version: '1.21', size: 'small', diskSize: 120 };
  }
  private async step(name: string, id: string) {
    this.calls.push(`${name} ${id}`);
    const during = this.during;
    this.during = null;
    await during?.();
  }
  async create(spec: InstanceSpec) {
    this.specs.push(spec);
    await this.step('create', spec.instanceId);
    if (this.failCreate) throw this.failCreate;
    this.known.add(spec.instanceId);
    this.running.add(spec.instanceId);
    return this.runtime(spec.instanceId);
  }
  async start(id: string) {
    await this.step('start', id);
    this.running.add(id);
    return this.runtime(id);
  }
  async stop(id: string) {
    await this.step('stop', id);
    this.running.delete(id);
    return this.runtime(id);
  }
  async terminate(id: string) {
    await this.step('terminate', id);
    this.running.delete(id);
    this.known.delete(id);
  }
  failResize: Error | null = null;
  disks = new Map<string, number>();
  async resizeDisk(id: string, diskSize: number) {
    await this.step(`resize ${diskSize}`, id);
    if (this.failResize) throw this.failResize;
    this.disks.set(id, diskSize);
    return this.runtime(id);
  }
  failCleanup: Error | null = null;
  /** Bytes each instance's next cleanup frees (then none: what is older than the age is gone). */
  oldBytes = new Map<string, number>();
  async cleanup(id: string, days: number) {
    await this.step(`cleanup ${days}`, id);
    if (this.failCleanup) throw this.failCleanup;
    const removedBytes = this.oldBytes.get(id) ?? 0;
    this.oldBytes.delete(id);
    return { removedDays: [], removedBytes, cleanedAt: Date.now() };
  }
  failConfig: Error | null = null;
  /** The origins each instance's agent was last given. */
  corsOrigins = new Map<string, string[]>();
  /** The retention each instance's agent was last given. */
  retention = new Map<string, number | null>();
  async applyConfig(id: string, change: { corsOrigins?: string[]; retentionDays?: number | null }) {
    await this.step(`config ${(change.corsOrigins ?? []).join(' ') || '*'}`, id);
    if (this.failConfig) throw this.failConfig;
    if (change.corsOrigins) this.corsOrigins.set(id, change.corsOrigins);
    if (change.retentionDays !== undefined) this.retention.set(id, change.retentionDays);
    return { retentionDays: 7, corsOrigins: change.corsOrigins ?? [], sso: null, updatedAt: Date.now() };
  }
  failBackup: Error | null = null;
  /** The backups each instance holds, by name, and the restore ids each has done (a second is not redone). */
  backups = new Map<string, Set<string>>();
  restores = new Map<string, Set<string>>();
  async backup(id: string, name: string) {
    await this.step(`daily-backup ${name}`, id);
    if (this.failBackup) throw this.failBackup;
    this.backups.set(id, new Set([...(this.backups.get(id) ?? []), name]));
    return { name, createdAt: Date.now(), bytes: 1234 };
  }
  async restoreData(id: string, name: string, restoreId: string) {
    await this.step(`restore ${name}`, id);
    if (!this.backups.get(id)?.has(name)) throw new Error(`No backup named ${name}`);
    this.restores.set(id, new Set([...(this.restores.get(id) ?? []), restoreId]));
    return { name, restoreId, restoredAt: Date.now(), bytes: 1234 };
  }
  async changeType(id: string, size: string) {
    await this.step(`type ${size}`, id);
    return this.runtime(id);
  }
  async status(id: string) {
    return this.runtime(id);
  }
  async upgradeVersion(id: string, version: string) {
    await this.step(`upgrade ${version}`, id);
    return this.runtime(id);
  }
  async backupForUpgrade(id: string, key: string) {
    await this.step('backup', id);
    return { key, createdAt: Date.now(), bytes: 0, restoredAt: null };
  }
  async restoreBackup(id: string, _key: string, version: string) {
    await this.step(`restore ${version}`, id);
    return this.runtime(id);
  }
  async health(id: string): Promise<InstanceHealth> {
    const healthy = this.running.has(id);
    return { healthy, statusCode: healthy ? 200 : null, tenants: healthy ? [{ active: true }] : [], version: '1.21', error: healthy ? null : 'refused', checkedAt: Date.now() };
  }
}

let t: TestApp;
let owner: SignedIn;
let driver: DriverDouble;
const sent: string[] = [];

beforeAll(async () => ({ t, owner } = await appWithOwner()));
afterAll(() => t.close());

const deps = () => ({ db: t.runtime.ctx.db, driver, clock: t.clock, enqueue: async (id: string) => void sent.push(id), healthTimeoutMs: 200, offers: t.runtime.services.instanceWorkflowOffers });
const row = async (id: string) => (await t.runtime.ctx.db.select().from(instances).where(eq(instances.instanceId, id)))[0]!;
const once = { retryCount: 0, retryLimit: 4 };
const last = { retryCount: 4, retryLimit: 4 };
const seed = (status: InstanceStatus, extra: Partial<typeof instances.$inferInsert> = {}) =>
  seedInstance(t, owner.user.tenantId, { status, inProgress: status !== 'running' && status !== 'stopped', ...extra });

describe('the disk step', () => {
  const diskRecords = async (id: string) =>
    (await t.runtime.ctx.db.select().from(instanceActivities).where(eq(instanceActivities.instanceId, id))).filter((e) => e.action === 'disk-upgrade').map((e) => e.status);

  it('waits for the status step: a start asked with a disk growing starts first, then grows the disk', async () => {
    driver = new DriverDouble();
    const inst = await seed('starting', { storageInProgress: true, pendingDiskSize: 200 });
    await convergeInstance(deps(), inst.instanceId, once);
    expect(driver.calls).toEqual([`create ${inst.instanceId}`, `resize 200 ${inst.instanceId}`]);
    expect(await row(inst.instanceId)).toMatchObject({ status: 'running', diskSize: 200, storageInProgress: false, pendingDiskSize: null });
    expect(await diskRecords(inst.instanceId)).toEqual(['success']);
    // Done is done: another run grows nothing.
    await convergeInstance(deps(), inst.instanceId, once);
    expect(driver.calls).toHaveLength(2);
  });

  it('keeps trying until the last attempt, which reverts storageInProgress and records the failure with the spec’s words', async () => {
    driver = new DriverDouble();
    const inst = await seed('running', { storageInProgress: true, pendingDiskSize: 300 });
    driver.failResize = new Error('volume API refused');
    await expect(convergeInstance(deps(), inst.instanceId, once)).rejects.toThrow('volume API refused');
    expect(await row(inst.instanceId)).toMatchObject({ storageInProgress: true, pendingDiskSize: 300, failure: 'volume API refused' });
    await expect(convergeInstance(deps(), inst.instanceId, last)).rejects.toThrow('volume API refused');
    expect(await row(inst.instanceId)).toMatchObject({ diskSize: 120, storageInProgress: false, pendingDiskSize: null, uiFailure: DISK_MESSAGES.increaseFailed });
    expect(await diskRecords(inst.instanceId)).toEqual(['failed']);
  });

  it('ends a pending disk upgrade with the instance it belonged to', async () => {
    driver = new DriverDouble();
    const inst = await seed('terminating', { storageInProgress: true, pendingDiskSize: 300 });
    await convergeInstance(deps(), inst.instanceId, once);
    expect(driver.calls).toEqual([`terminate ${inst.instanceId}`]);
    expect(await row(inst.instanceId)).toMatchObject({ status: 'terminated', storageInProgress: false, pendingDiskSize: null, diskSize: 120 });
  });
});

describe('the cleanup step', () => {
  const cleanupRecords = async (id: string) =>
    (await t.runtime.ctx.db.select().from(instanceActivities).where(eq(instanceActivities.instanceId, id))).filter((e) => e.action === 'diskCleanup').map((e) => `${e.status}:${e.comments}`);

  it('runs an accepted cleanup on a running instance once, recording the bytes freed, and clears the column', async () => {
    driver = new DriverDouble();
    const claimedAt = new Date(t.clock.now().getTime() - 1000);
    const inst = await seed('running', { pendingCleanupDays: 3, lastCleanupAt: claimedAt });
    driver.oldBytes.set(inst.instanceId, 4096);
    await convergeInstance(deps(), inst.instanceId, once);
    expect(driver.calls).toEqual([`cleanup 3 ${inst.instanceId}`]);
    expect(await row(inst.instanceId)).toMatchObject({ pendingCleanupDays: null, lastCleanupAt: claimedAt, failure: null });
    expect(await cleanupRecords(inst.instanceId)).toEqual(['success:Recordings older than 3 days removed, 4096 bytes freed']);
    await convergeInstance(deps(), inst.instanceId, once);
    expect(driver.calls).toHaveLength(1);
  });

  it('waits while the instance is stopped, and runs once it started again, after the start and a disk growing', async () => {
    driver = new DriverDouble();
    const inst = await seed('stopped', { pendingCleanupDays: 7, lastCleanupAt: t.clock.now() });
    await convergeInstance(deps(), inst.instanceId, once);
    expect(driver.calls).toEqual([]);
    await t.runtime.ctx.db.update(instances).set({ status: 'starting', storageInProgress: true, pendingDiskSize: 200 }).where(eq(instances.instanceId, inst.instanceId));
    await convergeInstance(deps(), inst.instanceId, once);
    expect(driver.calls).toEqual([`create ${inst.instanceId}`, `resize 200 ${inst.instanceId}`, `cleanup 7 ${inst.instanceId}`]);
    expect(await row(inst.instanceId)).toMatchObject({ status: 'running', diskSize: 200, pendingCleanupDays: null });
  });

  it('retries until the last attempt, which ends it, records the failure and gives the 6-hour slot back to the last cleanup that ran', async () => {
    driver = new DriverDouble();
    const inst = await seed('running', { pendingCleanupDays: 7, lastCleanupAt: t.clock.now() });
    driver.failCleanup = new Error('agent unreachable');
    await expect(convergeInstance(deps(), inst.instanceId, once)).rejects.toThrow('agent unreachable');
    expect(await row(inst.instanceId)).toMatchObject({ pendingCleanupDays: 7, failure: null });
    await expect(convergeInstance(deps(), inst.instanceId, last)).rejects.toThrow('agent unreachable');
    // Never cleaned up before: the slot is free again.
    expect(await row(inst.instanceId)).toMatchObject({ pendingCleanupDays: null, lastCleanupAt: null, failure: null, uiFailure: null });
    expect(await cleanupRecords(inst.instanceId)).toEqual(['failed:agent unreachable']);
  });
});

describe('the config step', () => {
  const corsRecords = async (id: string) =>
    (await t.runtime.ctx.db.select().from(instanceActivities).where(eq(instanceActivities.instanceId, id))).filter((e) => e.action === 'cors').map((e) => `${e.status}:${e.comments}`);
  const saveOrigins = async (id: string, origins: string[]) => {
    const { corsVersion } = await row(id);
    await t.runtime.ctx.db
      .update(instances)
      .set({ corsOrigins: origins, corsVersion: corsVersion + 1 })
      .where(eq(instances.instanceId, id));
  };

  it('applies a saved configuration to a running instance once, recording it, and marks its version applied', async () => {
    driver = new DriverDouble();
    const inst = await seed('running', { corsOrigins: ['https://a.example'], corsVersion: 1 });
    await convergeInstance(deps(), inst.instanceId, once);
    expect(driver.calls).toEqual([`config https://a.example ${inst.instanceId}`]);
    expect(await row(inst.instanceId)).toMatchObject({ corsVersion: 1, corsAppliedVersion: 1 });
    expect(await corsRecords(inst.instanceId)).toEqual(['success:The instance now accepts recordings from https://a.example']);
    await convergeInstance(deps(), inst.instanceId, once);
    expect(driver.calls).toHaveLength(1);
  });

  it('applies the origins and the retention saved together in one call, recording each', async () => {
    driver = new DriverDouble();
    const inst = await seed('running', { corsOrigins: ['https://a.example'], corsVersion: 1, retentionDays: 30, retentionVersion: 2, retentionAppliedVersion: 1 });
    await convergeInstance(deps(), inst.instanceId, once);
    expect(driver.calls).toEqual([`config https://a.example ${inst.instanceId}`]);
    expect(driver.retention.get(inst.instanceId)).toBe(30);
    expect(await row(inst.instanceId)).toMatchObject({ corsAppliedVersion: 1, retentionAppliedVersion: 2 });
    const records = (await t.runtime.ctx.db.select().from(instanceActivities).where(eq(instanceActivities.instanceId, inst.instanceId))).map((e) => `${e.action}:${e.status}`);
    expect(records.sort()).toEqual(['cors:success', 'retentionUpdate:success']);
  });

  it('loses no save made while it applied the one before: the next round applies that one too', async () => {
    driver = new DriverDouble();
    const inst = await seed('running', { corsOrigins: ['https://a.example'], corsVersion: 1 });
    driver.during = () => saveOrigins(inst.instanceId, ['https://b.example']);
    await convergeInstance(deps(), inst.instanceId, once);
    expect(driver.calls).toEqual([`config https://a.example ${inst.instanceId}`, `config https://b.example ${inst.instanceId}`]);
    expect(driver.corsOrigins.get(inst.instanceId)).toEqual(['https://b.example']);
    expect(await row(inst.instanceId)).toMatchObject({ corsVersion: 2, corsAppliedVersion: 2 });
  });

  it('waits while the instance is stopped, and applies once it started again', async () => {
    driver = new DriverDouble();
    const inst = await seed('stopped', { corsOrigins: [], corsVersion: 3, corsAppliedVersion: 2 });
    await convergeInstance(deps(), inst.instanceId, once);
    expect(driver.calls).toEqual([]);
    await t.runtime.ctx.db.update(instances).set({ status: 'starting' }).where(eq(instances.instanceId, inst.instanceId));
    await convergeInstance(deps(), inst.instanceId, once);
    expect(driver.calls).toEqual([`create ${inst.instanceId}`, `config * ${inst.instanceId}`]);
    expect(await corsRecords(inst.instanceId)).toEqual(['success:The instance now accepts recordings from any origin']);
  });

  it('retries until the last attempt, which records the failure and leaves the configuration pending for the next round', async () => {
    driver = new DriverDouble();
    const inst = await seed('running', { corsOrigins: ['https://a.example'], corsVersion: 1 });
    driver.failConfig = new Error('agent unreachable');
    await expect(convergeInstance(deps(), inst.instanceId, once)).rejects.toThrow('agent unreachable');
    expect(await corsRecords(inst.instanceId)).toEqual([]);
    await expect(convergeInstance(deps(), inst.instanceId, last)).rejects.toThrow('agent unreachable');
    expect(await row(inst.instanceId)).toMatchObject({ corsVersion: 1, corsAppliedVersion: 0, failure: null });
    expect(await corsRecords(inst.instanceId)).toEqual(['failed:agent unreachable']);
    driver.failConfig = null;
    await convergeInstance(deps(), inst.instanceId, once);
    expect(await row(inst.instanceId)).toMatchObject({ corsAppliedVersion: 1 });
  });
});

describe('convergeInstance', () => {
  it('takes a new instance from creating through initializing to running, recording each step', async () => {
    driver = new DriverDouble();
    const inst = await seed('creating');
    await convergeInstance(deps(), inst.instanceId, once);
    expect(await row(inst.instanceId)).toMatchObject({ status: 'running', inProgress: false, healthy: true, leaseOwner: null, instanceUrl: expect.stringMatching(/^http:\/\/localhost:/) });
    expect(driver.calls).toEqual([`create ${inst.instanceId}`]);
    const events = await t.runtime.ctx.db.select().from(instanceActivities).where(eq(instanceActivities.instanceId, inst.instanceId));
    expect(events.map((e) => `${e.action}:${e.status}:${e.userName}`)).toEqual(['create:pending:System', 'create:success:System']);
    // Running again changes nothing and calls nothing: the work is done.
    await convergeInstance(deps(), inst.instanceId, once);
    expect(driver.calls).toHaveLength(1);
  });

  it('follows a change made while a step runs: a terminate asked during the create ends terminated', async () => {
    driver = new DriverDouble();
    const inst = await seed('initializing');
    driver.during = async () => {
      await t.runtime.ctx.db.update(instances).set({ status: 'terminating' }).where(eq(instances.instanceId, inst.instanceId));
    };
    await convergeInstance(deps(), inst.instanceId, once);
    expect(driver.calls).toEqual([`create ${inst.instanceId}`, `terminate ${inst.instanceId}`]);
    expect(await row(inst.instanceId)).toMatchObject({ status: 'terminated', inProgress: false });
    expect(driver.known.has(inst.instanceId)).toBe(false);
  });

  it('provisions on start an instance stopped before it was ever created', async () => {
    driver = new DriverDouble();
    const inst = await seed('starting');
    await convergeInstance(deps(), inst.instanceId, once);
    expect(driver.calls).toEqual([`create ${inst.instanceId}`]);
    expect((await row(inst.instanceId)).status).toBe('running');
  });

  it("starts a stopped instance through create with its account's project key, so one recorded before keys gets it", async () => {
    driver = new DriverDouble();
    const inst = await seed('starting');
    driver.known.add(inst.instanceId);
    await convergeInstance(deps(), inst.instanceId, once);
    expect(driver.calls).toEqual([`create ${inst.instanceId}`]);
    const [tenant] = await t.runtime.ctx.db.select().from(tenants).where(eq(tenants.id, owner.user.tenantId));
    expect(driver.specs[0]).toMatchObject({ instanceId: inst.instanceId, projectKey: tenant!.tenantKey });
    expect((await row(inst.instanceId)).status).toBe('running');
  });

  it('leaves the error on the row and keeps going while retries remain; the last attempt settles and records it', async () => {
    driver = new DriverDouble();
    driver.failCreate = new Error('no capacity in us-east-1');
    const inst = await seed('initializing');
    await expect(convergeInstance(deps(), inst.instanceId, once)).rejects.toThrow('no capacity');
    expect(await row(inst.instanceId)).toMatchObject({ status: 'initializing', inProgress: true, failure: 'no capacity in us-east-1', uiFailure: "Couldn't create instance", leaseOwner: null });
    await expect(convergeInstance(deps(), inst.instanceId, last)).rejects.toThrow('no capacity');
    expect(await row(inst.instanceId)).toMatchObject({ status: 'initializing', inProgress: false, failure: 'no capacity in us-east-1' });
    const [logged] = await t.runtime.ctx.db.select().from(consoleActivities).where(eq(consoleActivities.instanceId, inst.instanceId));
    expect(logged).toMatchObject({ action: 'instance.failed', message: `Couldn't create instance ${inst.name}` });
    // A later success clears the failure.
    driver.failCreate = null;
    await convergeInstance(deps(), inst.instanceId, once);
    expect(await row(inst.instanceId)).toMatchObject({ status: 'running', failure: null, uiFailure: null });
  });

  it('refuses to run while another live console holds the lease, and looks again later', async () => {
    driver = new DriverDouble();
    // Live: another machine's console whose heartbeat the database has just seen.
    await t.runtime.ctx.db.insert(consoleProcesses).values({ id: 'other-host:1:abcd', host: 'other-host', pid: 1 });
    const inst = await seed('stopping', { leaseOwner: 'other-host:1:abcd', leaseUntil: new Date(t.clock.now().getTime() + 60_000) });
    sent.length = 0;
    await convergeInstance(deps(), inst.instanceId, once);
    expect(driver.calls).toEqual([]);
    expect(sent).toEqual([inst.instanceId]);
    expect((await row(inst.instanceId)).status).toBe('stopping');
    // Once that lease lapses, the stop goes through.
    t.clock.advance(121_000);
    await convergeInstance(deps(), inst.instanceId, once);
    expect(await row(inst.instanceId)).toMatchObject({ status: 'stopped', inProgress: false, leaseOwner: null });
  });

  it('takes over at once a lease whose holder on another machine stopped beating (or never registered)', async () => {
    driver = new DriverDouble();
    // Its last beat 11 s ago by the database's clock: past DEAD_AFTER_SECONDS, though its lease runs another minute.
    await t.runtime.ctx.db.insert(consoleProcesses).values({ id: 'far-host:7:gone', host: 'far-host', pid: 7, heartbeatAt: sql`now() - interval '11 seconds'` });
    for (const holder of ['far-host:7:gone', 'never-seen:8:ghost']) {
      const inst = await seed('stopping', { leaseOwner: holder, leaseUntil: new Date(t.clock.now().getTime() + 60_000) });
      await convergeInstance(deps(), inst.instanceId, once);
      expect(await row(inst.instanceId)).toMatchObject({ status: 'stopped', leaseOwner: null });
    }
  });

  it('takes over at once a lease left by a dead console process on this machine', async () => {
    driver = new DriverDouble();
    const dead = `${hostname()}:2147483646:dead`;
    const inst = await seed('stopping', { leaseOwner: dead, leaseUntil: new Date(t.clock.now().getTime() + 60_000) });
    await convergeInstance(deps(), inst.instanceId, once);
    expect((await row(inst.instanceId)).status).toBe('stopped');
  });

  it('takes over at once a lease of a console process that exited but was never reaped (a zombie holds nothing)', async () => {
    driver = new DriverDouble();
    // `sh` starts a child that exits at once, then becomes `sleep`, which never reaps it: a zombie, as a console
    // whose parent is gone stays.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const [line] = await nextEvent(parent.stdout!, 'data');
      const zombie = Number(String(line).trim());
      await until(
        async () => readFileSync(`/proc/${zombie}/stat`, 'utf8'),
        (stat) => stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z'),
        5_000,
        'a zombie',
      );
      const inst = await seed('stopping', { leaseOwner: `${hostname()}:${zombie}:zomb`, leaseUntil: new Date(t.clock.now().getTime() + 60_000) });
      await convergeInstance(deps(), inst.instanceId, once);
      expect((await row(inst.instanceId)).status).toBe('stopped');
    } finally {
      parent.kill('SIGKILL');
    }
  });
});

describe('resumeInstances (console start)', () => {
  it('asks the driver to run, stop or end each instance by its status; creating ones are left to their workflow', async () => {
    const seen: DesiredInstance[] = [];
    const reconcile = async (expected: readonly DesiredInstance[]): Promise<ReconcileReport> => {
      seen.push(...expected);
      return { adopted: [], started: [], stopped: [], killed: [], failed: [] };
    };
    const other = await signup(t);
    const ids: Record<string, string> = {};
    for (const status of ['creating', 'initializing', 'running', 'starting', 'stopping', 'stopped', 'terminating', 'terminated'] as const) {
      ids[status] = (await seedInstance(t, other.user.tenantId, { status })).instanceId;
    }
    const original = t.runtime.ctx.driver;
    t.runtime.ctx.driver = { ...original, reconcile } as typeof original;
    try {
      await resumeInstances.run(t.runtime.ctx);
    } finally {
      t.runtime.ctx.driver = original;
    }
    const desired = Object.fromEntries(seen.filter((e) => Object.values(ids).includes(e.instanceId)).map((e) => [e.instanceId, e.desired]));
    expect(desired).toEqual({
      [ids.initializing!]: 'running',
      [ids.running!]: 'running',
      [ids.starting!]: 'running',
      [ids.stopping!]: 'stopped',
      [ids.stopped!]: 'stopped',
      [ids.terminating!]: 'terminated',
      [ids.terminated!]: 'terminated',
    });
    const [tenant] = await t.runtime.ctx.db.select().from(tenants).where(eq(tenants.id, other.user.tenantId));
    expect(seen.find((e) => e.instanceId === ids.running)?.spec).toMatchObject({ instanceId: ids.running, tenantName: 'Analytical Engines', projectKey: tenant!.tenantKey, size: 'small' });
  });
});

describe('runHealthRound', () => {
  it('records health of running instances in one pass, an activity only on change, and re-sends stalled workflows', async () => {
    driver = new DriverDouble();
    const acct = await signup(t);
    const up = await seedInstance(t, acct.user.tenantId, { status: 'running', healthy: false });
    const down = await seedInstance(t, acct.user.tenantId, { status: 'running', healthy: true });
    const stuck = await seedInstance(t, acct.user.tenantId, { status: 'stopping', inProgress: true, updatedAt: new Date(t.clock.now().getTime() - 10 * 60_000) });
    driver.running.add(up.instanceId);
    sent.length = 0;
    const mine = (ids: string[]) => ids.filter((id) => [up.instanceId, down.instanceId].includes(id)).sort();
    const report = await runHealthRound({ ...deps(), concurrency: 2 });
    expect(mine(report.changed)).toEqual([up.instanceId, down.instanceId].sort());
    expect(await row(up.instanceId)).toMatchObject({ healthy: true, lastHealthAt: expect.any(Date) });
    expect(await row(down.instanceId)).toMatchObject({ healthy: false, status: 'running' });
    expect(sent).toContain(stuck.instanceId);
    const messages = (await t.runtime.ctx.db.select().from(consoleActivities).where(eq(consoleActivities.tenantId, acct.user.tenantId))).map((a) => a.message);
    expect(messages.sort()).toEqual([`Instance ${down.name} is not answering its health check`, `Instance ${up.name} is healthy again`].sort());
    const again = await runHealthRound({ ...deps(), concurrency: 2 });
    expect(mine(again.changed)).toEqual([]);
  });

  it('answers checkingHealth while the round asks an instance, until its result lands, and clears a mark a dead round left', async () => {
    const acct = await signup(t);
    const asked = await seedInstance(t, acct.user.tenantId, { status: 'running', healthy: true });
    const leftOver = await seedInstance(t, acct.user.tenantId, { status: 'stopped', checkingHealth: true });
    const checking = async (id: string) => (await api(t, acct.jwt).get(`/managed-saas/instances/${id}`)).json().data.checkingHealth as boolean;
    expect(await checking(asked.instanceId)).toBe(false);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let reached!: () => void;
    const reachedAgent = new Promise<void>((resolve) => (reached = resolve));
    const waiting: Pick<WorkflowDriver, 'health'> = {
      async health(id) {
        if (id === asked.instanceId) {
          reached();
          await answered;
        }
        return { healthy: true, statusCode: 200, tenants: [{ active: true }], version: '1.21', error: null, checkedAt: Date.now() };
      },
    };
    const round = runHealthRound({ ...deps(), driver: waiting });
    await reachedAgent;
    expect(await checking(asked.instanceId)).toBe(true);
    const listed = (await api(t, acct.jwt).get('/managed-saas/instances')).json().data.instances as { instanceId: string; checkingHealth: boolean }[];
    expect(listed.map((i) => [i.instanceId, i.checkingHealth]).sort()).toEqual(
      [
        [asked.instanceId, true],
        [leftOver.instanceId, false],
      ].sort(),
    );
    answer();
    await round;
    expect(await checking(asked.instanceId)).toBe(false);
    expect(await row(leftOver.instanceId)).toMatchObject({ checkingHealth: false, status: 'stopped' });
  });

  it('forgets attempt counters a day after their window started, and keeps the recent ones', async () => {
    driver = new DriverDouble();
    const limits = rateLimiter(t.runtime.ctx);
    const dayAgo = new Date(t.clock.now().getTime() - 25 * 60 * 60_000);
    await t.runtime.ctx.db.insert(rateLimits).values([
      { key: 'test:old', count: 3, windowStartedAt: dayAgo },
      { key: 'test:recent', count: 3, windowStartedAt: t.clock.now() },
    ]);
    await runHealthRound(deps());
    expect(await limits.current('test:old', { limit: 1, windowMs: 48 * 60 * 60_000 })).toBe(0);
    expect(await limits.current('test:recent', { limit: 1, windowMs: 60_000 })).toBe(3);
  });
});
