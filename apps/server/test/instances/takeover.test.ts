import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instance } from '@replay/contracts';
import pg from 'pg';
import { isAlive } from '@replay/local-process';
import { startConsole, type ConsoleServer } from '../../../../e2e/support/server';
import { LocalDriver } from '../../src/infra/local-driver';
import { signupBody } from '../support/auth';
import { consoleDatabase } from '../support/database';
import { agentProcessesUnder, until } from './support';

/**
 * Two console processes on one PostgreSQL database (one machine, one instances folder, as two
 * replicas of a deployment share their storage). The one running an instance's create step is
 * killed with SIGKILL in the middle of it, the workflow job in its hands: the other takes the job
 * over (its heartbeat stopped, so pg-boss retries it) and the lease (its holder is dead), and the
 * instance runs, with exactly one agent. Embedded mode is one process by design (its data-folder lock), so this runs
 * on the PostgreSQL project only. How long the takeover takes is measured by the bench, not here;
 * the wait below is long enough for a correct takeover and far shorter than the lease's two minutes.
 */
const onPostgres = process.env.TEST_DB === 'postgres';

const dataDir = mkdtempSync(join(tmpdir(), 'takeover-test-'));
const instancesDir = join(dataDir, 'instances');
let first: ConsoleServer;
let second: ConsoleServer;
let database: { env: Record<string, string>; drop(): Promise<void> } = { env: {}, drop: async () => undefined };

async function call<T>(server: ConsoleServer, jwt: string | null, method: string, path: string, body?: object): Promise<{ status: number; data: T }> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { ...(jwt ? { authorization: `Bearer ${jwt}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}

beforeAll(async () => {
  if (!onPostgres) return;
  database = await consoleDatabase('takeover');
  first = await startConsole({ dataDir, env: database.env });
  second = await startConsole({ dataDir, env: database.env });
}, 90_000);

afterAll(async () => {
  for (const server of [first, second]) if (server && server.process.exitCode === null && server.process.signalCode === null) await server.stop('SIGTERM');
  const driver = new LocalDriver({ root: instancesDir, consoleOrigin: 'http://localhost' });
  for (const id of driver.folders.list()) await driver.terminate(id);
  for (const { pid } of agentProcessesUnder(instancesDir)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
}, 60_000);

/** Which console process holds the instance's workflow lease (its identity ends `:pid:random`), read from the database. */
async function leaseHolderPid(instanceId: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ owner: string | null }>('select lease_owner as owner from instances where instance_id = $1', [instanceId]);
    const owner = rows[0]?.owner;
    return owner ? Number(owner.split(':').at(-2)) : null;
  } finally {
    await client.end();
  }
}

describe.runIf(onPostgres)('a console killed in the middle of a create step', () => {
  it('the other console takes the step over and finishes the instance, with exactly one agent', { timeout: 150_000 }, async () => {
    const { jwt } = (await call<{ jwt: string }>(first, null, 'POST', '/signup', signupBody())).data;
    const created = await call<Instance>(first, jwt, 'POST', '/managed-saas/instances', { name: 'takeover', provider: 'aws', region: 'us-east-1', size: 'small', url: 'takeover' });
    expect(created.status).toBe(201);
    const id = created.data.instanceId;
    // The step is starting the agent: frozen, it cannot answer the health check, so the step waits on it.
    const [agent] = await until(async () => agentProcessesUnder(instancesDir).filter((p) => p.instanceId === id), (found) => found.length === 1, 30_000, 'the agent to start');
    process.kill(agent!.pid, 'SIGSTOP');
    const holderPid = await until(() => leaseHolderPid(id), (pid) => pid !== null, 10_000, 'the workflow lease');
    const [holder, survivor] = holderPid === first.process.pid ? [first, second] : [second, first];
    expect(holder.process.pid).toBe(holderPid);
    const exited = new Promise((resolve) => holder.process.once('exit', resolve));
    process.kill(holderPid!, 'SIGKILL');
    await exited;
    await until(async () => isAlive(holderPid!), (alive) => !alive, 5_000, 'console death');
    process.kill(agent!.pid, 'SIGCONT');

    // Without a takeover the job would wait for its 5-minute expiry and the lease for its 2 minutes.
    const running = await until(
      async () => (await call<Instance>(survivor, jwt, 'GET', `/managed-saas/instances/${id}`)).data,
      (i) => i.status === 'running' && !i.inProgress,
      75_000,
      'the instance running on the other console',
    );
    expect(running.healthy).toBe(true);
    const agents = agentProcessesUnder(instancesDir).filter((p) => p.instanceId === id);
    expect(agents).toEqual([agent]);
    const events = (await call<{ events: { action: string; status: string; comments: string }[] }>(survivor, jwt, 'GET', `/managed-saas/instances/${id}/user-activity?limit=100`)).data.events;
    // The request, then each workflow step, recorded once: nothing done twice.
    expect(events.filter((e) => e.action === 'create').map((e) => `${e.status}: ${e.comments}`).sort()).toEqual([
      'pending: Provisioning the instance',
      'pending: Requested a small instance on aws us-east-1',
      'success: The instance is running',
    ]);
  });
});
