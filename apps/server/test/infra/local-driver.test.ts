import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DriverError } from '../../src/infra/driver';
import { isAlive } from '@replay/local-process';
import { CONSOLE_ORIGIN, processGroupOf, sendEvents, spec, tempDriver } from './support';

const t = tempDriver();
const driver = t.driver;
const a = spec();

beforeAll(async () => {
  await driver.create(a);
});
afterAll(() => t.dispose());

const healthBody = async (url: string) => (await fetch(url.replace('localhost', '127.0.0.1'), { headers: { Origin: CONSOLE_ORIGIN } })).json();

describe('the local driver', () => {
  it('creates a running agent in its own process group, at a persisted port, healthy with tenants', async () => {
    const status = await driver.status(a.instanceId);
    expect(status).toMatchObject({ state: 'running', version: '1.20', size: 'small', diskSize: 120 });
    expect(status.url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(status.healthUrl).toBe(`${status.url}/api/health`);
    expect(processGroupOf(status.pid!)).toBe(status.pid);
    const record = JSON.parse(readFileSync(join(t.root, a.instanceId, 'instance.json'), 'utf8'));
    expect(status.url).toBe(`http://localhost:${record.port}`);
    const health = await driver.health(a.instanceId);
    expect(health).toMatchObject({ healthy: true, statusCode: 200, tenants: [{ active: true }], version: '1.20', error: null });
    const res = await fetch(status.healthUrl!.replace('localhost', '127.0.0.1'), { headers: { Origin: CONSOLE_ORIGIN } });
    expect(res.headers.get('access-control-allow-origin')).toBe(CONSOLE_ORIGIN);
    // A stranger may ask for health: it names no organization.
    expect(await res.text()).not.toContain(a.tenantName);
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

  it("starts agents that take events only with the account's project key, and show their stats to the console only", async () => {
    const { url } = await driver.status(a.instanceId);
    expect((await sendEvents(url!, null)).status).toBe(401);
    expect((await sendEvents(url!, spec().projectKey)).status).toBe(401);
    expect((await sendEvents(url!, a.projectKey)).status).toBe(202);
    expect((await fetch(`${url!.replace('localhost', '127.0.0.1')}/api/stats`)).status).toBe(401);
    expect((await driver.stats(a.instanceId)).disk.usedBytes).toBeGreaterThan(0);
  });

  it('is idempotent: create and start on a running instance keep the same process', async () => {
    const { pid } = await driver.status(a.instanceId);
    expect((await driver.create(a)).pid).toBe(pid);
    expect((await driver.start(a.instanceId)).pid).toBe(pid);
    const [one, two] = await Promise.all([driver.start(a.instanceId), driver.start(a.instanceId)]);
    expect([one.pid, two.pid]).toEqual([pid, pid]);
  });

  it('stops and starts again at the same URL; stopping twice is fine', async () => {
    const before = await driver.status(a.instanceId);
    const stopped = await driver.stop(a.instanceId);
    expect(stopped.state).toBe('stopped');
    expect(isAlive(before.pid!)).toBe(false);
    expect((await driver.stop(a.instanceId)).state).toBe('stopped');
    expect((await driver.health(a.instanceId)).healthy).toBe(false);
    await expect(driver.stats(a.instanceId)).rejects.toMatchObject({ code: 'not-running' });
    const started = await driver.start(a.instanceId);
    expect(started.url).toBe(before.url);
    expect(started.pid).not.toBe(before.pid);
  });

  it('restarts on a type change and a version upgrade, and not when already applied', async () => {
    const changed = await driver.changeType(a.instanceId, 'medium');
    expect((await healthBody(changed.healthUrl!)).resources).toMatchObject({ vcpu: 4, memoryGb: 16 });
    expect((await driver.changeType(a.instanceId, 'medium')).pid).toBe(changed.pid);
    const upgraded = await driver.upgradeVersion(a.instanceId, '1.21');
    expect(upgraded.pid).not.toBe(changed.pid);
    expect((await driver.health(a.instanceId)).version).toBe('1.21');
    expect((await driver.upgradeVersion(a.instanceId, '1.21')).pid).toBe(upgraded.pid);
    await expect(driver.upgradeVersion(a.instanceId, '9.99')).rejects.toMatchObject({ code: 'invalid' });
  });

  it('grows the disk online and refuses to shrink it', async () => {
    const { pid } = await driver.status(a.instanceId);
    const resized = await driver.resizeDisk(a.instanceId, 200);
    expect(resized).toMatchObject({ diskSize: 200, pid });
    expect((await driver.stats(a.instanceId)).disk.totalBytes).toBe(200 * 1024 ** 3);
    expect((await driver.resizeDisk(a.instanceId, 200)).diskSize).toBe(200);
    await expect(driver.resizeDisk(a.instanceId, 100)).rejects.toMatchObject({ code: 'invalid' });
  });

  it('applies config, backs up and cleans up through the agent', async () => {
    const config = await driver.applyConfig(a.instanceId, { retentionDays: 30, corsOrigins: ['https://shop.example'] });
    expect(config).toMatchObject({ retentionDays: 30, corsOrigins: ['https://shop.example'], sso: null });
    expect(await driver.readConfig(a.instanceId)).toEqual(config);
    await expect(driver.applyConfig(a.instanceId, { corsOrigins: ['nope'] })).rejects.toMatchObject({ code: 'invalid' });
    const backup = await driver.backup(a.instanceId);
    expect(existsSync(join(t.root, a.instanceId, 'backups', backup.name, 'config.json'))).toBe(true);
    expect((await driver.cleanup(a.instanceId, 7)).removedDays).toEqual([]);
    const stats = await driver.stats(a.instanceId);
    expect(stats.memory.percent).toBeGreaterThan(0);
  });

  it('signs users in once through a login URL', async () => {
    const url = await driver.loginUrl(a.instanceId, { userId: 'u1', name: 'Grace Hopper', email: 'grace@example.com' });
    expect(url.startsWith((await driver.status(a.instanceId)).url!)).toBe(true);
    const direct = url.replace('localhost', '127.0.0.1');
    const first = await fetch(direct, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    const home = await (await fetch(new URL('/', direct), { headers: { Cookie: cookie } })).text();
    expect(home).toContain('Grace Hopper');
    expect((await fetch(direct, { redirect: 'manual' })).status).toBe(401);
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

  it('terminates: process ended and data removed; terminating again succeeds', async () => {
    const { pid } = await driver.status(a.instanceId);
    await driver.terminate(a.instanceId);
    expect(isAlive(pid!)).toBe(false);
    expect(existsSync(join(t.root, a.instanceId))).toBe(false);
    await driver.terminate(a.instanceId);
    expect(await driver.status(a.instanceId)).toMatchObject({ state: 'absent', url: null, pid: null });
    expect((await driver.stop(a.instanceId)).state).toBe('absent');
  });

  it('reports unknown instances by code, and refuses ids that are not plain names', async () => {
    const error = await driver.start('never-created').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DriverError);
    expect(error).toMatchObject({ code: 'not-found' });
    await expect(driver.status('../etc')).rejects.toThrow(/Invalid instance id/);
  });
});
