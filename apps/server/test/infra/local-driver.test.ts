import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '@replay/local-process';
import { processGroupOf, spec, tempDriver } from './support';

/**
 * What only the local driver does: processes, folders and ports on this
 * machine. The promises every driver keeps are local-driver.conformance.test.ts.
 */

const t = tempDriver();
const driver = t.driver;
const a = spec();

beforeAll(async () => {
  await driver.create(a);
});
afterAll(() => t.dispose());

describe('the local driver', () => {
  it('runs each agent in its own process group, at the localhost port its record keeps', async () => {
    const status = await driver.status(a.instanceId);
    expect(status.url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(processGroupOf(status.pid!)).toBe(status.pid);
    const record = JSON.parse(readFileSync(join(t.root, a.instanceId, 'instance.json'), 'utf8'));
    expect(status.url).toBe(`http://localhost:${record.port}`);
  });

  it('hands the agent its project key the way it hands its secret: in the record (0600) and the environment, never in arguments', async () => {
    const { pid } = await driver.status(a.instanceId);
    const file = join(t.root, a.instanceId, 'instance.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).projectKey).toBe(a.projectKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    expect(args.some((arg) => arg.includes(a.projectKey))).toBe(false);
    expect(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')).toContain(`AGENT_PROJECT_KEY=${a.projectKey}`);
  });

  it("keeps backups in the instance's folder, beside its data", async () => {
    const backup = await driver.backup(a.instanceId, 'nightly');
    expect(existsSync(join(t.root, a.instanceId, 'backups', backup.name, 'data', 'used-tokens.jsonl'))).toBe(true);
    expect(existsSync(join(t.root, a.instanceId, 'backups', backup.name, 'data', 'agent.pid'))).toBe(false);
  });

  it('moves to a new port when another process took its port while stopped', async () => {
    const before = await driver.stop(a.instanceId);
    const port = Number(new URL(before.url!).port);
    // It hangs up on every connection, so closing it below does not wait on the driver's probes.
    const squatter: Server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const after = await driver.start(a.instanceId);
      expect(after.state).toBe('running');
      expect(after.url).not.toBe(before.url);
      expect((await driver.health(a.instanceId)).healthy).toBe(true);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('terminates: process ended and folder removed', async () => {
    const { pid } = await driver.status(a.instanceId);
    await driver.terminate(a.instanceId);
    expect(isAlive(pid!)).toBe(false);
    expect(existsSync(join(t.root, a.instanceId))).toBe(false);
  });

  it('refuses ids that are not plain names, which could name a folder outside its root', async () => {
    await expect(driver.status('../etc')).rejects.toThrow(/Invalid instance id/);
  });
});
