import { ADMIN_CALLS, HEALTH_CALL, agentHeapLimitMib } from '@replay/agent-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DriverError, type InfrastructureDriver, type InstanceRuntime } from '../../src/infra/driver';
import { direct, sendEvents, spec } from './support';

/**
 * The promises of `InfrastructureDriver` (src/infra/driver.ts) as one suite
 * that every driver runs against real instances: every operation idempotent,
 * `status` read from the infrastructure (never remembered), refusals by code,
 * and `reconcile` adopting, restarting, stopping and ending. It speaks to
 * instances only through the driver and the agent protocol, so a cluster
 * driver passes it as the local one does. A restart is seen as a new `pid`.
 */
export interface DriverHarness {
  /** The driver under test, on infrastructure of its own. */
  driver: InfrastructureDriver;
  /** The console origin the driver was given: instances let its browsers check their health. */
  consoleOrigin: string;
  /** Another driver on the same infrastructure, as a restarted console builds it: nothing in memory. */
  fresh(): InfrastructureDriver;
  /** Ends an instance's process behind the driver's back, as a crash does; resolves once it is gone. */
  crash(instanceId: string): Promise<void>;
  /** True when the process a runtime named has ended, seen on the infrastructure itself rather than through the driver. */
  ended(runtime: InstanceRuntime): Promise<boolean>;
  /** Ends every instance and frees what the harness took. */
  dispose(): Promise<void>;
}

export function describeDriverConformance(name: string, makeHarness: () => DriverHarness): void {
  describe(`the ${name} driver keeps the InfrastructureDriver promises`, () => {
    let h: DriverHarness;
    let driver: InfrastructureDriver;
    const a = spec();
    beforeAll(async () => {
      h = makeHarness();
      driver = h.driver;
      await driver.create(a);
    });
    afterAll(() => h.dispose());

    const healthOf = async (runtime: InstanceRuntime) => {
      const res = await fetch(direct(runtime.healthUrl!), { headers: { Origin: h.consoleOrigin } });
      const text = await res.text();
      return { res, text, body: HEALTH_CALL.answer.parse(JSON.parse(text)) };
    };

    it('creates the instance running as its spec says, healthy with tenants, checkable by the console’s browsers', async () => {
      const status = await driver.status(a.instanceId);
      expect(status).toMatchObject({ instanceId: a.instanceId, state: 'running', version: a.version, size: a.size, diskSize: a.diskSize });
      expect(status.healthUrl).toBe(`${status.url}${HEALTH_CALL.path}`);
      expect(await driver.health(a.instanceId)).toMatchObject({ healthy: true, statusCode: 200, tenants: [{ active: true }], version: a.version, error: null });
      const { res, text, body } = await healthOf(status);
      expect(res.headers.get('access-control-allow-origin')).toBe(h.consoleOrigin);
      expect(body.instanceId).toBe(a.instanceId);
      // Anyone may ask for health: it names no organization.
      expect(text).not.toContain(a.tenantName);
    });

    it("runs the instance with the account's project key, and shows its stats to the console only", async () => {
      const { url } = await driver.status(a.instanceId);
      expect((await sendEvents(url!, null)).status).toBe(401);
      expect((await sendEvents(url!, spec().projectKey)).status).toBe(401);
      expect((await sendEvents(url!, a.projectKey)).status).toBe(202);
      expect((await fetch(`${direct(url!)}${ADMIN_CALLS.stats.path}`)).status).toBe(401);
      const stats = await driver.stats(a.instanceId);
      expect(stats.disk.usedBytes).toBeGreaterThan(0);
      expect(stats.memory.percent).toBeGreaterThan(0);
      // The batches above came in through the instance's own server, and answers went out.
      expect(stats.network.inBytes).toBeGreaterThan(0);
      expect(stats.network.outBytes).toBeGreaterThan(0);
    });

    it('is idempotent: create and start on a running instance keep its process, also when asked at once', async () => {
      const { pid, url } = await driver.status(a.instanceId);
      expect(await driver.create(a)).toMatchObject({ state: 'running', pid, url });
      expect((await driver.start(a.instanceId)).pid).toBe(pid);
      const [one, two] = await Promise.all([driver.start(a.instanceId), driver.start(a.instanceId)]);
      expect([one.pid, two.pid]).toEqual([pid, pid]);
    });

    it('stops, and stopping again is fine; a stopped instance starts again at the same URL', async () => {
      const before = await driver.status(a.instanceId);
      expect((await driver.stop(a.instanceId)).state).toBe('stopped');
      expect((await driver.stop(a.instanceId)).state).toBe('stopped');
      expect(await driver.status(a.instanceId)).toMatchObject({ state: 'stopped', pid: null, url: before.url });
      expect(await h.ended(before)).toBe(true);
      expect((await driver.health(a.instanceId)).healthy).toBe(false);
      await expect(driver.stats(a.instanceId)).rejects.toMatchObject({ code: 'not-running' });
      const started = await driver.start(a.instanceId);
      expect(started).toMatchObject({ state: 'running', url: before.url });
      expect(started.pid).not.toBe(before.pid);
    });

    it('restarts on a type change and a version upgrade, and not when already applied', async () => {
      const changed = await driver.changeType(a.instanceId, 'medium');
      expect((await healthOf(changed)).body.resources).toMatchObject({ vcpu: 4, memoryGb: 16 });
      // The agent runs within the new type's memory (its heap limit, read back from V8) and says so in its statistics.
      const stats = await driver.stats(a.instanceId);
      expect(stats.cpu.vcpu).toBe(4);
      expect(stats.memory.totalBytes).toBeGreaterThanOrEqual(agentHeapLimitMib(16) * 1024 ** 2);
      expect(stats.memory.totalBytes).toBeLessThan(agentHeapLimitMib(32) * 1024 ** 2);
      expect((await driver.changeType(a.instanceId, 'medium')).pid).toBe(changed.pid);
      const upgraded = await driver.upgradeVersion(a.instanceId, '1.21');
      expect(upgraded.pid).not.toBe(changed.pid);
      expect((await driver.health(a.instanceId)).version).toBe('1.21');
      expect((await driver.upgradeVersion(a.instanceId, '1.21')).pid).toBe(upgraded.pid);
    });

    it('backs up before an upgrade and restores that backup with the old version; each twice is once', async () => {
      const b = spec({ version: '1.20' });
      await driver.create(b);
      await driver.applyConfig(b.instanceId, { retentionDays: 30 });
      expect((await sendEvents((await driver.status(b.instanceId)).url!, b.projectKey, 'before')).status).toBe(202);
      const backup = await driver.backupForUpgrade(b.instanceId, 'upgrade-1');
      expect(backup).toMatchObject({ key: 'upgrade-1', restoredAt: null });
      expect(backup.bytes).toBeGreaterThan(0);
      // Taken once: asked again (a retry), the same backup, and the instance is not touched again.
      await driver.upgradeVersion(b.instanceId, '1.21');
      const upgraded = await driver.start(b.instanceId);
      expect(await driver.backupForUpgrade(b.instanceId, 'upgrade-1')).toEqual(backup);
      expect((await driver.status(b.instanceId)).pid).toBe(upgraded.pid);
      // What the new version changes is undone by the restore.
      await driver.applyConfig(b.instanceId, { retentionDays: 90 });
      const restored = await driver.restoreBackup(b.instanceId, 'upgrade-1', '1.20');
      expect(restored).toMatchObject({ state: 'running', version: '1.20' });
      expect((await driver.health(b.instanceId)).version).toBe('1.20');
      expect((await driver.readConfig(b.instanceId)).retentionDays).toBe(30);
      // Restored once: again, the agent and what it recorded since stay.
      await driver.applyConfig(b.instanceId, { retentionDays: 20 });
      expect((await driver.restoreBackup(b.instanceId, 'upgrade-1', '1.20')).pid).toBe(restored.pid);
      expect((await driver.readConfig(b.instanceId)).retentionDays).toBe(20);
      expect((await driver.backupForUpgrade(b.instanceId, 'upgrade-1')).restoredAt).not.toBeNull();
      await expect(driver.restoreBackup(b.instanceId, 'never-taken', '1.20')).rejects.toMatchObject({ code: 'not-found' });
      // Reconcile below sees every instance of this infrastructure: this one is done.
      await driver.terminate(b.instanceId);
    });

    it('grows the disk online, twice the same is once', async () => {
      const { pid } = await driver.status(a.instanceId);
      expect(await driver.resizeDisk(a.instanceId, 200)).toMatchObject({ diskSize: 200, pid });
      expect(await driver.resizeDisk(a.instanceId, 200)).toMatchObject({ diskSize: 200, pid });
      expect((await driver.stats(a.instanceId)).disk.totalBytes).toBe(200 * 1024 ** 3);
    });

    it('applies config and cleans up through the instance; again is the same', async () => {
      const change = { retentionDays: 30, corsOrigins: ['https://shop.example'] };
      expect(await driver.applyConfig(a.instanceId, change)).toMatchObject({ ...change, sso: null });
      const again = await driver.applyConfig(a.instanceId, change);
      expect(again).toMatchObject({ ...change, sso: null });
      expect(await driver.readConfig(a.instanceId)).toEqual(again);
      expect((await driver.cleanup(a.instanceId, 7)).removedDays).toEqual([]);
      expect((await driver.cleanup(a.instanceId, 7)).removedDays).toEqual([]);
    });

    it('takes a named backup once, restores it once per restore id, and deletes it', async () => {
      const backup = await driver.backup(a.instanceId, 'conformance-backup');
      expect(backup).toMatchObject({ name: 'conformance-backup' });
      expect(backup.bytes).toBeGreaterThan(0);
      expect(await driver.backup(a.instanceId, 'conformance-backup')).toEqual(backup);
      const restored = await driver.restoreData(a.instanceId, 'conformance-backup', 'restore-1');
      expect(restored).toMatchObject({ name: 'conformance-backup', restoreId: 'restore-1' });
      expect(await driver.restoreData(a.instanceId, 'conformance-backup', 'restore-1')).toEqual(restored);
      await driver.deleteBackup(a.instanceId, 'conformance-backup');
      await driver.deleteBackup(a.instanceId, 'conformance-backup');
      await expect(driver.restoreData(a.instanceId, 'conformance-backup', 'restore-2')).rejects.toThrow('No backup named conformance-backup');
      await expect(driver.deleteBackup(a.instanceId, '../data')).rejects.toThrow('Invalid backup name');
    });

    it('signs a user in once through a login URL on the instance', async () => {
      const url = await driver.loginUrl(a.instanceId, { userId: 'u1', name: 'Grace Hopper', email: 'grace@example.com' });
      expect(url.startsWith((await driver.status(a.instanceId)).url!)).toBe(true);
      const first = await fetch(direct(url), { redirect: 'manual' });
      expect(first.status).toBe(303);
      const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
      expect(await (await fetch(new URL('/', direct(url)), { headers: { Cookie: cookie } })).text()).toContain('Grace Hopper');
      expect((await fetch(direct(url), { redirect: 'manual' })).status).toBe(401);
    });

    it('reads the JavaScript errors the instance took, grouped, and one group with its latest occurrence', async () => {
      const { url } = await driver.status(a.instanceId);
      const frames = [{ file: 'https://shop.example.com/app.min.js', function: 'total', line: 1, column: 42 }];
      for (const sessionId of ['errors-1', 'errors-2']) {
        const sent = await fetch(`${direct(url!)}/api/errors`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${a.projectKey}` },
          body: JSON.stringify({ sessionId, name: 'TypeError', message: 'a is undefined', url: null, release: '1.0.0', stack: 'TypeError: a is undefined', frames }),
        });
        expect(sent.status).toBe(202);
      }
      const list = await driver.errors(a.instanceId, 1, 10);
      expect(list.total).toBe(1);
      expect(list.groups[0]).toMatchObject({ name: 'TypeError', message: 'a is undefined', topFrame: frames[0], count: 2, sessions: 2 });
      const detail = await driver.error(a.instanceId, list.groups[0]!.errorId);
      expect(detail).toMatchObject({ group: { errorId: list.groups[0]!.errorId }, latest: { sessionId: 'errors-2', release: '1.0.0', frames } });
      expect(await driver.error(a.instanceId, '0123456789abcdef')).toBeNull();
      await expect(driver.errors('never-created', 1, 10)).rejects.toMatchObject({ code: 'not-found' });
    });

    it('counts the sessions, distinct users and errors the instance recorded in a period', async () => {
      const from = Date.now();
      const agentUrl = direct((await driver.status(a.instanceId)).url!);
      const post = (path: string, body: unknown) =>
        fetch(`${agentUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${a.projectKey}` }, body: JSON.stringify(body) });
      const events = (at: number) => [{ type: 4, timestamp: at, data: { href: 'https://shop.example/', width: 800, height: 600 } }];
      for (const [sessionId, userId] of [
        ['week-1', 'ada'],
        ['week-2', 'ada'],
        ['week-3', null],
      ] as const) {
        expect((await post('/api/events', { sessionId, events: events(from + 1000), ...(userId ? { userId } : {}) })).status).toBe(202);
      }
      const frames = [{ file: 'https://shop.example.com/app.js', function: null, line: 1, column: 1 }];
      expect((await post('/api/errors', { sessionId: 'week-1', message: 'boom', frames })).status).toBe(202);
      expect(await driver.activity(a.instanceId, from, Date.now() + 60_000)).toMatchObject({ from, sessions: 3, users: 1, errors: 1 });
      expect(await driver.activity(a.instanceId, from - 3_600_000, from)).toMatchObject({ sessions: 0, users: 0 });
      await expect(driver.activity(a.instanceId, from, from)).rejects.toMatchObject({ code: 'invalid' });
      await expect(driver.activity('never-created', from, from + 1)).rejects.toMatchObject({ code: 'not-found' });
    });

    it('refuses by code: unknown instances, invalid changes, calls to a stopped instance', async () => {
      const error = await driver.start('never-created').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DriverError);
      expect(error).toMatchObject({ code: 'not-found' });
      await expect(driver.resizeDisk(a.instanceId, 100)).rejects.toMatchObject({ code: 'invalid' });
      await expect(driver.upgradeVersion(a.instanceId, '9.99')).rejects.toMatchObject({ code: 'invalid' });
      await expect(driver.applyConfig(a.instanceId, { corsOrigins: ['nope'] })).rejects.toMatchObject({ code: 'invalid' });
    });

    it('reads status from the infrastructure: a new console sees the same, and a crash shows at once', async () => {
      const s = spec();
      const created = await driver.create(s);
      expect(await h.fresh().status(s.instanceId)).toEqual(created);
      await h.crash(s.instanceId);
      expect(await driver.status(s.instanceId)).toMatchObject({ state: 'stopped', pid: null });
      expect(await h.fresh().status(s.instanceId)).toMatchObject({ state: 'stopped', pid: null });
      expect((await driver.start(s.instanceId)).state).toBe('running');
      // Reconcile below sees every instance of this infrastructure: this one is done.
      await driver.terminate(s.instanceId);
    });

    it('terminates: ended and gone; terminating, stopping or reading it again is fine', async () => {
      const before = await driver.status(a.instanceId);
      await driver.terminate(a.instanceId);
      expect(await h.ended(before)).toBe(true);
      await driver.terminate(a.instanceId);
      expect(await driver.status(a.instanceId)).toMatchObject({ state: 'absent', url: null, healthUrl: null, pid: null });
      expect((await driver.stop(a.instanceId)).state).toBe('absent');
      expect((await driver.health(a.instanceId)).healthy).toBe(false);
      await expect(driver.start(a.instanceId)).rejects.toMatchObject({ code: 'not-found' });
    });

    it('reconciles: adopts, restarts, stops, ends and re-creates; a second reconcile changes nothing', async () => {
      const [live, crashed, idle, ended, unknown, missing] = [spec(), spec(), spec(), spec(), spec(), spec()];
      const before = new Map<string, InstanceRuntime>();
      for (const s of [live, crashed, idle, ended, unknown]) before.set(s.instanceId, await driver.create(s));
      await h.crash(crashed.instanceId);

      // A new console: a new driver on the same infrastructure, knowing nothing in memory.
      const next = h.fresh();
      const report = await next.reconcile([
        { instanceId: live.instanceId, desired: 'running' },
        { instanceId: crashed.instanceId, desired: 'running' },
        { instanceId: idle.instanceId, desired: 'stopped' },
        { instanceId: ended.instanceId, desired: 'terminated' },
        { instanceId: missing.instanceId, desired: 'running', spec: missing },
        { instanceId: 'held-nowhere-no-spec', desired: 'running' },
      ]);
      expect(report.adopted).toEqual([live.instanceId]);
      expect([...report.started].sort()).toEqual([crashed.instanceId, missing.instanceId].sort());
      expect(report.stopped).toEqual([idle.instanceId]);
      expect([...report.killed].sort()).toEqual([ended.instanceId, unknown.instanceId].sort());
      expect(report.failed).toEqual([{ instanceId: 'held-nowhere-no-spec', error: expect.stringContaining('no spec') }]);

      expect(await next.status(live.instanceId)).toMatchObject({ state: 'running', pid: before.get(live.instanceId)!.pid });
      expect((await next.status(crashed.instanceId)).pid).not.toBe(before.get(crashed.instanceId)!.pid);
      for (const id of [crashed.instanceId, missing.instanceId]) expect((await next.health(id)).healthy).toBe(true);
      for (const id of [idle.instanceId, ended.instanceId, unknown.instanceId]) expect(await h.ended(before.get(id)!)).toBe(true);
      expect((await next.status(idle.instanceId)).state).toBe('stopped');
      expect((await next.status(ended.instanceId)).state).toBe('absent');
      // An instance the console does not know loses its process, not its data.
      expect((await next.status(unknown.instanceId)).state).toBe('stopped');

      const again = await h.fresh().reconcile([
        { instanceId: live.instanceId, desired: 'running' },
        { instanceId: crashed.instanceId, desired: 'running' },
        { instanceId: idle.instanceId, desired: 'stopped' },
        { instanceId: missing.instanceId, desired: 'running', spec: missing },
        { instanceId: unknown.instanceId, desired: 'stopped' },
      ]);
      const adopted = [live.instanceId, crashed.instanceId, missing.instanceId].sort();
      expect({ ...again, adopted: [...again.adopted].sort() }).toEqual({ adopted, started: [], stopped: [], killed: [], failed: [] });
    });

    it('reconciles an instance running without the key its account now has by restarting it with the key', async () => {
      const s = spec();
      const created = await driver.create(s);
      const rekeyed = { ...s, projectKey: spec().projectKey };
      expect(await h.fresh().reconcile([{ instanceId: s.instanceId, desired: 'running', spec: rekeyed }])).toMatchObject({ adopted: [], started: [s.instanceId] });
      const after = await driver.status(s.instanceId);
      expect(after.pid).not.toBe(created.pid);
      expect(await h.ended(created)).toBe(true);
      expect((await sendEvents(after.url!, s.projectKey)).status).toBe(401);
      expect((await sendEvents(after.url!, rekeyed.projectKey)).status).toBe(202);
      // With the key in place, the next reconcile adopts it.
      expect((await h.fresh().reconcile([{ instanceId: s.instanceId, desired: 'running', spec: rekeyed }])).adopted).toEqual([s.instanceId]);
    });
  });
}
