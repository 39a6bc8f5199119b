import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive } from '@replay/local-process';
import { sendEvents, spec, tempDriver } from './support';

const t = tempDriver();
afterAll(() => t.dispose());

const sleepUntil = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
};

/**
 * Reconcile's cases only the local driver meets: a process alive but hung, and
 * a record from before project keys. Its decision for every driver is checked
 * by the conformance suite (driver-conformance.ts).
 */
describe('reconcile after a console restart, on this machine', () => {
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
});
