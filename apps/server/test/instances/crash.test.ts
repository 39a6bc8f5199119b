import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_LOGGER_OPTIONS,
  DEFAULT_SESSION_SETTINGS,
  corsSaveBody,
  type Instance,
  type InstanceBackups,
  type InstanceConfig,
  type LoggerOptions,
  type Project,
  type SessionSettings,
} from '@replay/contracts';
import { startConsole, type ConsoleServer } from '../../../../e2e/support/server';
import { eq } from 'drizzle-orm';
import { openPglite, openPostgres } from '../../src/db/client';
import { createLogger } from '../../src/lib/logger';
import { tenants } from '../../src/db/schema';
import { LocalDriver } from '../../src/infra/local-driver';
import { isAlive } from '@replay/local-process';
import { certificateValid } from '@replay/test-idp';
import { signupBody } from '../support/auth';
import { agentProcessesUnder } from '../../../../e2e/support/agents';
import { until } from './support';
import { consoleDatabase } from '../support/database';

/**
 * THE CRASH RULE: the real console process is killed with SIGKILL during each
 * provisioning step and started again on the same data folder; every
 * workflow must finish, no instance be lost or duplicated, no agent process
 * be left behind, and agents that were running must come back.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'crash-test-'));
const instancesDir = join(dataDir, 'instances');
let server: ConsoleServer;
/** In the PostgreSQL project the consoles share a fresh database, created here; otherwise they use embedded PGlite in dataDir. */
let database: { env: Record<string, string>; drop(): Promise<void> } = { env: {}, drop: async () => undefined };

async function crash(): Promise<void> {
  const pid = server.process.pid!;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  process.kill(pid, 'SIGKILL');
  await exited;
  await until(
    async () => isAlive(pid),
    (alive) => !alive,
    5_000,
    'console death',
  );
}

/**
 * Versions beyond the catalogue for the upgrade steps: 1.22 runs the bundled agent, 1.23's agent exits at start.
 * A frozen agent's stop grace of 2 s, not 5: long enough for the console to die inside it, and the restarted
 * console, which waits it out again on the still-frozen agent as it reconciles, is ready sooner.
 */
const versionEnv = {
  AGENT_STOP_GRACE_SECONDS: '2',
  EXTRA_VERSIONS: JSON.stringify([{ version: '1.22' }, { version: '1.23', agentEntry: fileURLToPath(new URL('../fixtures/agent-exits-at-start.mjs', import.meta.url)) }]),
};

const restart = async () => {
  server = await startConsole({ dataDir, env: { ...database.env, ...versionEnv } });
};

/** Every live process running an agent on this data folder, from /proc: the ground truth, whatever the console thinks. */
const agentProcesses = () => agentProcessesUnder(instancesDir);

interface Account {
  jwt: string;
}

async function call<T>(account: Account | null, method: string, path: string, body?: object): Promise<{ status: number; data: T }> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { ...(account ? { authorization: `Bearer ${account.jwt}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T };
  return { status: res.status, data: json.data };
}

const signUp = async (): Promise<Account> => ({ jwt: (await call<{ jwt: string }>(null, 'POST', '/signup', signupBody())).data.jwt });
const create = async (a: Account, url: string) => (await call<Instance>(a, 'POST', '/managed-saas/instances', { name: url, provider: 'aws', region: 'us-east-1', size: 'small', url })).data;
const get = async (a: Account, id: string) => (await call<Instance>(a, 'GET', `/managed-saas/instances/${id}`)).data;
const settled = (a: Account, id: string, status: string) =>
  until(
    () => get(a, id),
    (i) => i.status === status && !i.inProgress,
    45_000,
    `${id} ${status}`,
  );
/**
 * Makes an account one that may pay for a larger disk (an enterprise one, billed by contract: no billing
 * details exist yet), written to the console's database while no console runs (PGlite is one process's).
 */
async function mayPayForDisk(account: Account): Promise<void> {
  const { tenantId } = (await call<{ tenantId: string }>(account, 'GET', '/account')).data;
  await crash();
  const url = database.env.DATABASE_URL;
  const opened = url ? await openPostgres(url, createLogger('warn'), 2) : await openPglite(join(dataDir, 'pg'));
  await opened.db.update(tenants).set({ edition: 'ee' }).where(eq(tenants.id, tenantId));
  await opened.close();
  await restart();
}
const record = (id: string) => new LocalDriver({ root: instancesDir, consoleOrigin: 'http://localhost' }).folders.read(id);
const agentPid = (id: string) => new LocalDriver({ root: instancesDir, consoleOrigin: 'http://localhost' }).livePid(id);

/**
 * Asks for an upgrade while the agent is frozen, so the step's backup waits
 * on it, kills the console there, and checks the restarted console finishes
 * the upgrade (or, for 1.23, its rollback) once, with the data kept.
 */
async function upgradeThroughCrash(account: Account, id: string, to: string): Promise<void> {
  const before = await get(account, id);
  const { tenantKey } = (await call<{ tenantKey: string }>(account, 'GET', '/account')).data;
  const session = `before-${to.replace('.', '-')}`;
  const sent = await fetch(`http://127.0.0.1:${record(id)!.port}/api/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tenantKey}` },
    body: JSON.stringify({ sessionId: session, events: [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }] }),
  });
  expect(sent.status).toBe(202);
  const pid = agentPid(id)!;
  process.kill(pid, 'SIGSTOP');
  const asked = await call<Instance>(account, 'POST', `/managed-saas/instances/${id}/version-upgrade`, { version: to });
  expect(asked.status).toBe(200);
  expect(asked.data).toMatchObject({ status: 'version-upgrading', pendingVersion: to });
  await new Promise((r) => setTimeout(r, 300));
  expect((await get(account, id)).status).toBe('version-upgrading');
  await crash();
  process.kill(pid, 'SIGCONT');
  await restart();
  const done = await settled(account, id, 'running');
  const failed = to === '1.23';
  expect(done).toMatchObject({ version: failed ? before.version : to, pendingVersion: null, healthy: true });
  expect(done.uiFailure).toBe(failed ? `The upgrade to ${to} failed, so the instance was restored to ${before.version}` : null);
  expect(record(id)!.version).toBe(done.version);
  expect(agentProcesses().filter((p) => p.instanceId === id)).toHaveLength(1);
  const stored = readdirSync(join(instancesDir, id, 'data', 'sessions'), { recursive: true }).map(String);
  expect(stored.some((f) => f.endsWith(`${session}.jsonl`))).toBe(true);
  const events = (await call<{ events: { action: string; status: string; createdAt: number }[] }>(account, 'GET', `/managed-saas/instances/${id}/user-activity?limit=100`)).data.events;
  const mine = events.filter((e) => (e.action === 'upgrade' || e.action === 'backup') && e.createdAt >= asked.data.updatedAt).map((e) => `${e.action} ${e.status}`);
  expect(mine.sort()).toEqual(failed ? ['backup success', 'upgrade failed', 'upgrade pending'] : ['upgrade pending', 'upgrade success']);
}

let a: Account;
let b: Account;
let first: Instance;
let second: Instance;

beforeAll(async () => {
  // The first console sends no jobs: its instance stays 'creating' until the kill, as when a console dies
  // between committing the row and its workflow starting (with workers on, that window is a millisecond).
  database = await consoleDatabase('crash');
  server = await startConsole({ dataDir, env: { ...database.env, ...versionEnv, RUN_WORKERS: 'false' } });
  a = await signUp();
  b = await signUp();
}, 60_000);

afterAll(async () => {
  // A console that failed to start in beforeAll leaves `server` unset: its error is the one to read, not this hook's.
  if (server && server.process.exitCode === null && server.process.signalCode === null) await server.stop('SIGTERM');
  const driver = new LocalDriver({ root: instancesDir, consoleOrigin: 'http://localhost' });
  for (const id of driver.folders.list()) await driver.terminate(id);
  for (const { pid } of agentProcesses()) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
}, 60_000);

describe('killing the console during provisioning', () => {
  it('while creating: the restarted console finishes the create', { timeout: 60_000 }, async () => {
    first = await create(a, 'crash-creating');
    expect(first.status).toBe('creating');
    expect((await get(a, first.instanceId)).status).toBe('creating');
    await crash();
    await restart();
    const running = await settled(a, first.instanceId, 'running');
    expect(running.healthy).toBe(true);
    expect(agentProcesses().filter((p) => p.instanceId === first.instanceId)).toHaveLength(1);
  });

  it('while initializing (the agent being started): the new console adopts or replaces it, never doubles it', { timeout: 60_000 }, async () => {
    second = await create(b, 'crash-initializing');
    await until(async () => existsSync(join(instancesDir, second.instanceId, 'instance.json')), Boolean, 20_000, 'provisioning to begin');
    await crash();
    await restart();
    await settled(b, second.instanceId, 'running');
    const agents = agentProcesses().filter((p) => p.instanceId === second.instanceId);
    expect(agents).toHaveLength(1);
    expect(agents[0]!.pid).toBe(agentPid(second.instanceId));
  });

  it('while stopping (the agent hung, so the stop is mid-way): the instance ends stopped, its process gone', { timeout: 60_000 }, async () => {
    const pid = agentPid(first.instanceId)!;
    // A frozen agent ignores SIGTERM: the driver waits out its grace period before SIGKILL, and the console dies in that wait.
    process.kill(pid, 'SIGSTOP');
    expect((await call<Instance>(a, 'POST', `/managed-saas/instances/${first.instanceId}/actions`, { action: 'stop' })).data.status).toBe('stopping');
    await new Promise((r) => setTimeout(r, 300));
    expect(isAlive(pid)).toBe(true);
    expect((await get(a, first.instanceId)).status).toBe('stopping');
    await crash();
    await restart();
    await settled(a, first.instanceId, 'stopped');
    expect(isAlive(pid)).toBe(false);
    expect(agentProcesses().filter((p) => p.instanceId === first.instanceId)).toEqual([]);
  });

  it('while starting (the agent already spawned by the dead console): one agent, running', { timeout: 60_000 }, async () => {
    expect((await call<Instance>(a, 'POST', `/managed-saas/instances/${first.instanceId}/actions`, { action: 'start' })).data.status).toBe('starting');
    await until(async () => agentProcesses().some((p) => p.instanceId === first.instanceId), Boolean, 20_000, 'agent spawn');
    await crash();
    await restart();
    const running = await settled(a, first.instanceId, 'running');
    expect(running.healthy).toBe(true);
    expect(agentProcesses().filter((p) => p.instanceId === first.instanceId)).toHaveLength(1);
  });

  it('while idle, with an agent dying meanwhile: running agents come back with the console', { timeout: 60_000 }, async () => {
    const survivor = agentPid(first.instanceId)!;
    const victim = agentPid(second.instanceId)!;
    await crash();
    process.kill(victim, 'SIGKILL');
    await until(
      async () => isAlive(victim),
      (alive) => !alive,
      5_000,
      'agent death',
    );
    await restart();
    // Adopted as it was, not restarted.
    expect(agentPid(first.instanceId)).toBe(survivor);
    // Restarted by reconcile before the console said it was ready.
    const back = agentPid(second.instanceId);
    expect(back).not.toBeNull();
    expect(back).not.toBe(victim);
    expect((await get(b, second.instanceId)).status).toBe('running');
  });

  it('while growing the disk (the agent hung mid-resize): the restarted console finishes it, growing once and recording once', { timeout: 90_000 }, async () => {
    await mayPayForDisk(b);
    const id = second.instanceId;
    const pid = agentPid(id)!;
    // A frozen agent holds the driver's resize call (after it wrote the new size in the instance's record): the step is mid-way.
    process.kill(pid, 'SIGSTOP');
    const asked = await call<Instance>(b, 'POST', `/managed-saas/instances/${id}/disk-upgrade`, { diskSize: 200 });
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({ storageInProgress: true, diskSize: 120 });
    await until(
      async () => record(id)?.diskSize,
      (gb) => gb === 200,
      20_000,
      'the resize to begin',
    );
    expect((await get(b, id)).storageInProgress).toBe(true);
    await crash();
    process.kill(pid, 'SIGCONT');
    await restart();
    const grown = await until(
      () => get(b, id),
      (i) => !i.storageInProgress,
      45_000,
      'the disk to grow',
    );
    expect(grown).toMatchObject({ status: 'running', diskSize: 200, uiFailure: null, canUpdateStorage: true });
    // The same agent, adopted, now enforcing the new size.
    expect(agentPid(id)).toBe(pid);
    const health = (await (await fetch(`http://127.0.0.1:${record(id)!.port}/api/health`)).json()) as { resources: { diskGb: number } };
    expect(health.resources.diskGb).toBe(200);
    // Asked once, done once.
    const events = (await call<{ events: { action: string; status: string }[] }>(b, 'GET', `/managed-saas/instances/${id}/user-activity?limit=100`)).data.events;
    expect(
      events
        .filter((e) => e.action === 'disk-upgrade')
        .map((e) => e.status)
        .sort(),
    ).toEqual(['pending', 'success']);
  });

  it('while cleaning up (the agent hung mid-cleanup): the restarted console runs the accepted cleanup once', { timeout: 90_000 }, async () => {
    const id = second.instanceId;
    const pid = agentPid(id)!;
    // Recordings of five days ago, which a cleanup of 3 days removes.
    const day = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const old = join(instancesDir, id, 'data', 'sessions', day);
    mkdirSync(old, { recursive: true });
    writeFileSync(join(old, 'old.jsonl'), 'o'.repeat(3000));
    // A frozen agent holds the driver's cleanup call: the workflow's cleanup step is mid-way when the console dies.
    process.kill(pid, 'SIGSTOP');
    const asked = await call<{ message: string; createdAt: number }>(b, 'POST', `/managed-saas/instances/${id}/cleanup`, { days: 3 });
    expect(asked.status).toBe(200);
    expect(asked.data.message).toBe('Disk cleanup request has been initiated');
    await new Promise((r) => setTimeout(r, 1000));
    const lastCleanup = async () => (await call<{ createdAt: number | null; pendingDays: number | null }>(b, 'GET', `/managed-saas/instances/${id}/last-cleanup`)).data;
    expect(await lastCleanup()).toMatchObject({ pendingDays: 3, createdAt: asked.data.createdAt });
    await crash();
    process.kill(pid, 'SIGCONT');
    await restart();
    const done = await until(lastCleanup, (c) => c.pendingDays === null, 45_000, 'the cleanup to run');
    expect(done.createdAt).toBe(asked.data.createdAt);
    expect(existsSync(old)).toBe(false);
    expect(agentPid(id)).toBe(pid);
    // Asked once, recorded once. The bytes are the rerun's own count: the frozen agent may have finished the first call after waking.
    const events = (await call<{ events: { action: string; status: string; comments: string }[] }>(b, 'GET', `/managed-saas/instances/${id}/user-activity?limit=100`)).data.events;
    const cleanups = events.filter((e) => e.action === 'diskCleanup');
    expect(cleanups.map((e) => e.status).sort()).toEqual(['pending', 'success']);
    expect(cleanups.find((e) => e.status === 'success')!.comments).toMatch(/^Recordings older than 3 days removed, (0|3000) bytes freed$/);
  });
  it(
    'while applying CORS origins, a retention, SSO, the session settings and the logger options (the agent hung mid-apply): the restarted console applies them once, and the agent enforces them',
    { timeout: 90_000 },
    async () => {
      const id = second.instanceId;
      const pid = agentPid(id)!;
      const configPath = `/managed-saas/instances/${id}/config`;
      const current = (await call<InstanceConfig>(b, 'GET', configPath)).data;
      // A frozen agent holds the driver's apply call: the workflow's config step is mid-way when the console dies.
      process.kill(pid, 'SIGSTOP');
      const asked = await call<InstanceConfig>(b, 'POST', configPath, corsSaveBody(current, ['https://app.example.com']));
      expect(asked.status).toBe(200);
      expect(asked.data).toMatchObject({ corsOrigins: ['https://app.example.com'], pending: true });
      const retention = await call<{ days: number | null; pending: boolean }>(b, 'POST', `/managed-saas/instances/${id}/config-disk-usage`, { days: 30 });
      expect(retention.data).toEqual({ days: 30, pending: true, updatedAt: expect.any(Number) });
      const certPem = await certificateValid(new Date(Date.now() - 3_600_000), new Date(Date.now() + 365 * 86_400_000));
      const sso = { idp_entityId: 'https://idp.example.com/metadata', idp_name: 'Crash IdP', idp_sso_url: 'https://idp.example.com/sso', idp_slo_url: null, idp_x509cert: certPem, enforce_SSO: false };
      expect((await call(b, 'POST', `/managed-saas/instances/${id}/config-sso`, sso)).status).toBe(200);
      const capture = { ...DEFAULT_SESSION_SETTINGS, captureRate: 0, conditionalCapture: [{ name: 'Checkout', urlPath: '/checkout', userId: null }] };
      expect((await call<SessionSettings>(b, 'POST', '/session-settings', capture)).data).toMatchObject({ captureRate: 0, pending: true });
      const logger = { ...DEFAULT_LOGGER_OPTIONS, allowedDomains: ['app.example.com'], obscureNumericData: true };
      expect((await call<LoggerOptions>(b, 'POST', '/client/logger-options', logger)).data).toMatchObject({ allowedDomains: ['app.example.com'], pending: true });
      // Time for the step to reach the frozen agent (nothing to observe: the agent cannot answer).
      await new Promise((r) => setTimeout(r, 1000));
      await crash();
      process.kill(pid, 'SIGCONT');
      await restart();
      await until(
        async () => (await call<InstanceConfig>(b, 'GET', configPath)).data,
        (c) => !c.pending && !c.disk.pending,
        45_000,
        'the configuration to be applied',
      );
      expect(agentPid(id)).toBe(pid);
      expect(JSON.parse(readFileSync(join(instancesDir, id, 'data', 'config.json'), 'utf8'))).toMatchObject({
        corsOrigins: ['https://app.example.com'],
        retentionDays: 30,
        sso: { idpName: 'Crash IdP', idpSsoUrl: 'https://idp.example.com/sso', enforceSSO: false },
        capture: { rate: 0, conditions: [{ name: 'Checkout', urlPath: '/checkout', userId: null }] },
        logger,
      });
      expect((await call<SessionSettings>(b, 'GET', '/session-settings')).data.pending).toBe(false);
      expect((await call<LoggerOptions>(b, 'GET', '/client/logger-options')).data.pending).toBe(false);
      expect((await call<{ pending: boolean }>(b, 'GET', `/managed-saas/instances/${id}/config-sso`)).data.pending).toBe(false);
      const preflight = (origin: string) => fetch(`http://127.0.0.1:${record(id)!.port}/api/events`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
      expect((await preflight('https://app.example.com')).headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      expect((await preflight('https://other.example.com')).status).toBe(403);
      // Asked once, recorded once.
      const events = (await call<{ events: { action: string; status: string }[] }>(b, 'GET', `/managed-saas/instances/${id}/user-activity?limit=100`)).data.events;
      expect(
        events
          .filter((e) => e.action === 'cors')
          .map((e) => e.status)
          .sort(),
      ).toEqual(['pending', 'success']);
      expect(
        events
          .filter((e) => e.action === 'retentionUpdate')
          .map((e) => e.status)
          .sort(),
      ).toEqual(['pending', 'success']);
      expect(
        events
          .filter((e) => e.action === 'configUpdate')
          .map((e) => e.status)
          .sort(),
      ).toEqual(['pending', 'success']);
      expect(events.filter((e) => e.action === 'captureUpdate').map((e) => e.status)).toEqual(['success']);
      expect(events.filter((e) => e.action === 'loggerUpdate').map((e) => e.status)).toEqual(['success']);
      // The agent applies it: rate 0 leaves a session out, the condition set catches one on /checkout.
      const { tenantKey } = (await call<{ tenantKey: string }>(b, 'GET', '/account')).data;
      const send = (sessionId: string, url: string) =>
        fetch(`http://127.0.0.1:${record(id)!.port}/api/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tenantKey}`, origin: 'https://app.example.com' },
          body: JSON.stringify({ sessionId, events: [{ type: 3, timestamp: 1, data: { source: 2, target: 'Order 42' } }], url }),
        });
      expect(await (await send('crash-left-out', '/home')).json()).toEqual({ accepted: 0, captured: false });
      expect(await (await send('crash-caught', '/checkout')).json()).toEqual({ accepted: 1, captured: true });
      // The logger options too: the page's Origin is an allowed domain, and the digits are obscured.
      const day = new Date().toISOString().slice(0, 10);
      // The batch's head line, then its one event, masked.
      const lines = readFileSync(join(instancesDir, id, 'data', 'sessions', day, 'crash-caught.jsonl'), 'utf8')
        .trim()
        .split('\n');
      expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([expect.objectContaining({ type: 'replay.batch' }), { type: 3, timestamp: 1, data: { source: 2, target: 'Order **' } }]);
      // Back to recording everything, which the steps below count on.
      expect((await call(b, 'POST', '/session-settings', DEFAULT_SESSION_SETTINGS)).status).toBe(200);
      await until(
        async () => (await call<SessionSettings>(b, 'GET', '/session-settings')).data,
        (c) => !c.pending,
        45_000,
        'the session settings to be applied',
      );
      expect((await call(b, 'POST', '/client/logger-options', DEFAULT_LOGGER_OPTIONS)).status).toBe(200);
      await until(
        async () => (await call<LoggerOptions>(b, 'GET', '/client/logger-options')).data,
        (c) => !c.pending,
        45_000,
        'the logger options to be applied',
      );
    },
  );

  it("while pushing a new project's key (the agent hung mid-apply): the restarted console pushes it, and the agent accepts that key", { timeout: 90_000 }, async () => {
    const id = second.instanceId;
    const pid = agentPid(id)!;
    const configFile = join(instancesDir, id, 'data', 'config.json');
    const digestsInConfig = () => ((JSON.parse(readFileSync(configFile, 'utf8')) as { projectKeys?: { sha256: string }[] }).projectKeys ?? []).map((k) => k.sha256);
    // A frozen agent holds the driver's apply call: the config step carrying the new key set is mid-way when the console dies.
    process.kill(pid, 'SIGSTOP');
    const created = await call<Project>(b, 'POST', '/projects', { instanceId: id, name: 'Crash shop' });
    expect(created.status).toBe(201);
    const key = created.data.projectKey!;
    const digest = createHash('sha256').update(key).digest('hex');
    // Time for the step to reach the frozen agent (nothing to observe: the agent cannot answer).
    await new Promise((r) => setTimeout(r, 1000));
    await crash();
    process.kill(pid, 'SIGCONT');
    await restart();
    await until(
      async () => digestsInConfig(),
      (digests) => digests.includes(digest),
      45_000,
      "the project's key to be pushed",
    );
    expect(agentPid(id)).toBe(pid);
    // The whole set: the default project's key and the new one, each once; the file holds digests, not keys.
    expect(digestsInConfig()).toHaveLength(2);
    expect(readFileSync(configFile, 'utf8').includes(key)).toBe(false);
    const sent = await fetch(`http://127.0.0.1:${record(id)!.port}/api/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ sessionId: 'crash-project-key', events: [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }] }),
    });
    expect(sent.status).toBe(202);
  });

  it('while taking a backup, then while restoring it (the agent hung each time): each done once, the recordings as the backup held them', { timeout: 120_000 }, async () => {
    const id = second.instanceId;
    const pid = agentPid(id)!;
    const { tenantKey } = (await call<{ tenantKey: string }>(b, 'GET', '/account')).data;
    const send = async (sessionId: string) =>
      fetch(`http://127.0.0.1:${record(id)!.port}/api/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tenantKey}` },
        body: JSON.stringify({ sessionId, events: [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }] }),
      });
    const backupsPath = `/managed-saas/instances/${id}/backups`;
    const backups = async () => (await call<InstanceBackups>(b, 'GET', backupsPath)).data;
    /** Asks while the agent is frozen, so the step waits on it, and kills the console there; the restarted one resumes. */
    async function throughCrash(path: string, done: (read: InstanceBackups) => boolean, what: string): Promise<InstanceBackups> {
      process.kill(pid, 'SIGSTOP');
      expect((await call<InstanceBackups>(b, 'POST', path)).status).toBe(200);
      // Time for the step to reach the frozen agent (nothing to observe: the agent cannot answer).
      await new Promise((r) => setTimeout(r, 1000));
      await crash();
      process.kill(pid, 'SIGCONT');
      await restart();
      return until(backups, done, 45_000, what);
    }
    expect((await send('kept-by-backup')).status).toBe(202);
    const taken = await throughCrash(backupsPath, (r) => r.backups.length > 0 && r.backups[0]!.status !== 'pending', 'the backup');
    const backup = taken.backups[0]!;
    expect(backup.status).toBe('done');
    expect(readdirSync(join(instancesDir, id, 'backups')).filter((f) => f.startsWith('backup-'))).toEqual([`backup-${backup.backupId}`]);

    expect((await send('after-backup')).status).toBe(202);
    await throughCrash(`${backupsPath}/${backup.backupId}/restore`, (r) => r.restoringBackupId === null, 'the restore');
    expect(agentPid(id)).toBe(pid);
    const stored = readdirSync(join(instancesDir, id, 'data', 'sessions'), { recursive: true }).map(String);
    expect(stored.some((f) => f.endsWith('kept-by-backup.jsonl'))).toBe(true);
    expect(stored.some((f) => f.endsWith('after-backup.jsonl'))).toBe(false);
    // Restored once: the agent's record of restores holds one line, whether the woken agent or the rerun did it.
    expect(
      readFileSync(join(instancesDir, id, 'data', 'restores.jsonl'), 'utf8')
        .trim()
        .split('\n'),
    ).toHaveLength(1);
    const events = (await call<{ events: { action: string; status: string; comments: string }[] }>(b, 'GET', `/managed-saas/instances/${id}/user-activity?limit=100`)).data.events;
    expect(
      events
        .filter((e) => e.action === 'backup' && /^Backup (requested|taken)/.test(e.comments))
        .map((e) => e.status)
        .sort(),
    ).toEqual(['pending', 'success']);
    expect(
      events
        .filter((e) => e.action === 'restore')
        .map((e) => e.status)
        .sort(),
    ).toEqual(['pending', 'success']);
  });

  it('while upgrading the version (the old agent hung as the backup stops it): upgraded once, recorded once', { timeout: 90_000 }, () => upgradeThroughCrash(b, second.instanceId, '1.22'));

  it('while upgrading to a version that fails to start: the restarted console rolls back, data intact, recorded once', { timeout: 120_000 }, () => upgradeThroughCrash(b, second.instanceId, '1.23'));
  it('while switching the type (the agent hung mid-restart): the restarted console finishes it once, at the new size', { timeout: 90_000 }, async () => {
    const id = second.instanceId;
    const pid = agentPid(id)!;
    // A frozen agent holds the driver's restart (after it wrote the new type in the instance's record): the step is mid-way.
    process.kill(pid, 'SIGSTOP');
    const asked = await call<Instance>(b, 'POST', `/managed-saas/instances/${id}/instance-upgrade`, { instanceType: 'medium' });
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({ status: 'upgrading', inProgress: true, size: 'small' });
    await until(
      async () => record(id)?.size,
      (size) => size === 'medium',
      20_000,
      'the switch to begin',
    );
    expect((await get(b, id)).status).toBe('upgrading');
    await crash();
    process.kill(pid, 'SIGCONT');
    await restart();
    const switched = await settled(b, id, 'running');
    expect(switched).toMatchObject({ size: 'medium', healthy: true, uiFailure: null, canSwitchInstance: true });
    // One agent, a new one, running at the new type.
    const agents = agentProcesses().filter((p) => p.instanceId === id);
    expect(agents.map((p) => p.pid)).toEqual([agentPid(id)]);
    expect(agents[0]!.pid).not.toBe(pid);
    const health = (await (await fetch(`http://127.0.0.1:${record(id)!.port}/api/health`)).json()) as { resources: { vcpu: number; memoryGb: number } };
    expect(health.resources).toMatchObject({ vcpu: 4, memoryGb: 16 });
    // Asked once, done once.
    const events = (await call<{ events: { action: string; status: string }[] }>(b, 'GET', `/managed-saas/instances/${id}/user-activity?limit=100`)).data.events;
    expect(
      events
        .filter((e) => e.action === 'scaleUp')
        .map((e) => e.status)
        .sort(),
    ).toEqual(['pending', 'success']);
  });

  it('while terminating (the agent hung): the instance ends terminated, its process and data gone', { timeout: 60_000 }, async () => {
    const pid = agentPid(first.instanceId)!;
    process.kill(pid, 'SIGSTOP');
    const asked = await call<Instance>(a, 'POST', `/managed-saas/instances/${first.instanceId}/actions`, { action: 'terminate', confirm: 'TERMINATE' });
    expect(asked.data.status).toBe('terminating');
    await new Promise((r) => setTimeout(r, 300));
    expect((await get(a, first.instanceId)).status).toBe('terminating');
    expect(existsSync(join(instancesDir, first.instanceId))).toBe(true);
    await crash();
    await restart();
    const ended = await settled(a, first.instanceId, 'terminated');
    expect(ended.deletedAt).not.toBeNull();
    expect(isAlive(pid)).toBe(false);
    expect(existsSync(join(instancesDir, first.instanceId))).toBe(false);
  });

  it('lost nothing and duplicated nothing: one row per create, one agent per running instance, no orphans', async () => {
    const listA = (await call<{ instances: Instance[]; total: number }>(a, 'GET', '/managed-saas/instances')).data;
    const listB = (await call<{ instances: Instance[]; total: number }>(b, 'GET', '/managed-saas/instances')).data;
    expect(listA.total).toBe(0);
    expect(listB.instances.map((i) => [i.instanceId, i.status])).toEqual([[second.instanceId, 'running']]);
    expect((await get(a, first.instanceId)).status).toBe('terminated');
    expect(readdirSync(instancesDir)).toEqual([second.instanceId]);
    expect(agentProcesses()).toEqual([{ pid: agentPid(second.instanceId), instanceId: second.instanceId }]);
  });
});
