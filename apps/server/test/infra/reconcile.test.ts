import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive } from '@replay/local-process';
import { sendEvents, spec, tempDriver } from './support';

const t = tempDriver();
afterAll(() => t.dispose());

const sleepUntil = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('reconcile after a console restart', () => {
  it('adopts live agents, restarts dead ones, stops unwanted ones and kills orphans', async () => {
    const [live, dead, gone, orphan, idle] = [spec(), spec(), spec(), spec(), spec()];
    for (const s of [live, dead, gone, orphan, idle]) await t.driver.create(s);
    const pids = Object.fromEntries(await Promise.all([live, dead, gone, orphan, idle].map(async (s) => [s.instanceId, (await t.driver.status(s.instanceId)).pid!])));

    // The agent of `dead` crashes while the console is down.
    process.kill(pids[dead.instanceId]!, 'SIGKILL');
    await sleepUntil(() => !isAlive(pids[dead.instanceId]!));
    const missing = spec();

    // A new console process: a new driver on the same folders, knowing nothing in memory.
    const driver = t.fresh();
    const report = await driver.reconcile([
      { instanceId: live.instanceId, desired: 'running' },
      { instanceId: dead.instanceId, desired: 'running' },
      { instanceId: gone.instanceId, desired: 'terminated' },
      { instanceId: idle.instanceId, desired: 'stopped' },
      { instanceId: missing.instanceId, desired: 'running', spec: missing },
      { instanceId: 'no-folder-no-spec', desired: 'running' },
    ]);

    expect(report.adopted).toEqual([live.instanceId]);
    expect(report.started.sort()).toEqual([dead.instanceId, missing.instanceId].sort());
    expect(report.stopped).toEqual([idle.instanceId]);
    expect(report.killed.sort()).toEqual([gone.instanceId, orphan.instanceId].sort());
    expect(report.failed).toEqual([{ instanceId: 'no-folder-no-spec', error: expect.stringContaining('no spec') }]);

    const status = async (id: string) => driver.status(id);
    expect(await status(live.instanceId)).toMatchObject({ state: 'running', pid: pids[live.instanceId] });
    expect((await driver.health(dead.instanceId)).healthy).toBe(true);
    expect((await status(dead.instanceId)).pid).not.toBe(pids[dead.instanceId]);
    expect((await driver.health(missing.instanceId)).healthy).toBe(true);
    expect(await status(idle.instanceId)).toMatchObject({ state: 'stopped' });

    expect(isAlive(pids[gone.instanceId]!)).toBe(false);
    expect(existsSync(join(t.root, gone.instanceId))).toBe(false);
    // An instance the console does not know loses its process, not its data.
    expect(isAlive(pids[orphan.instanceId]!)).toBe(false);
    expect(existsSync(join(t.root, orphan.instanceId, 'instance.json'))).toBe(true);

    // Reconciling again changes nothing: everything is where it should be.
    const again = await driver.reconcile([
      { instanceId: live.instanceId, desired: 'running' },
      { instanceId: dead.instanceId, desired: 'running' },
      { instanceId: idle.instanceId, desired: 'stopped' },
      { instanceId: missing.instanceId, desired: 'running', spec: missing },
      { instanceId: orphan.instanceId, desired: 'stopped' },
    ]);
    expect(again).toEqual({ adopted: [live.instanceId, dead.instanceId, missing.instanceId].sort(), started: [], stopped: [], killed: [], failed: [] });
  });

  it('replaces an agent that is alive but no longer answers', async () => {
    const s = spec();
    await t.driver.create(s);
    const { pid } = await t.driver.status(s.instanceId);
    process.kill(pid!, 'SIGSTOP');
    try {
      const report = await t.fresh().reconcile([{ instanceId: s.instanceId, desired: 'running' }]);
      expect(report.started).toEqual([s.instanceId]);
      expect((await t.driver.status(s.instanceId)).pid).not.toBe(pid);
      await sleepUntil(() => !isAlive(pid!));
      expect(isAlive(pid!)).toBe(false);
    } finally {
      if (isAlive(pid!)) process.kill(pid!, 'SIGKILL');
    }
  });

  it('brings the project key to an instance recorded before keys, which does not start without it', async () => {
    const legacy = spec();
    await t.driver.create(legacy);
    await t.driver.stop(legacy.instanceId);
    // The record as the driver wrote it before ingest needed a key.
    const file = join(t.root, legacy.instanceId, 'instance.json');
    const { projectKey: _key, ...record } = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify(record), { mode: 0o600 });

    // Started without its spec, it would be open to anyone: it is not started at all.
    await expect(t.driver.start(legacy.instanceId)).rejects.toMatchObject({ code: 'start-failed', message: expect.stringContaining('no project key') });
    expect((await t.driver.status(legacy.instanceId)).state).toBe('stopped');

    const report = await t.fresh().reconcile([{ instanceId: legacy.instanceId, desired: 'running', spec: legacy }]);
    expect(report.started).toEqual([legacy.instanceId]);
    const { url } = await t.driver.status(legacy.instanceId);
    expect((await sendEvents(url!, null)).status).toBe(401);
    expect((await sendEvents(url!, legacy.projectKey)).status).toBe(202);
    expect(JSON.parse(readFileSync(file, 'utf8')).projectKey).toBe(legacy.projectKey);
  });

  it('restarts, rather than adopts, an agent running without the key its account now has', async () => {
    const s = spec();
    await t.driver.create(s);
    const { pid } = await t.driver.status(s.instanceId);
    const rekeyed = { ...s, projectKey: spec().projectKey };

    const report = await t.fresh().reconcile([{ instanceId: s.instanceId, desired: 'running', spec: rekeyed }]);
    expect(report).toMatchObject({ adopted: [], started: [s.instanceId] });
    const after = await t.driver.status(s.instanceId);
    expect(after.pid).not.toBe(pid);
    expect(isAlive(pid!)).toBe(false);
    expect((await sendEvents(after.url!, s.projectKey)).status).toBe(401);
    expect((await sendEvents(after.url!, rekeyed.projectKey)).status).toBe(202);
    // With the key in place, the next reconcile adopts it.
    expect((await t.fresh().reconcile([{ instanceId: s.instanceId, desired: 'running', spec: rekeyed }])).adopted).toEqual([s.instanceId]);
  });
});
