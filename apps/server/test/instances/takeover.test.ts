import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentProcessesUnder } from '../../../../e2e/support/agents';
import { startConsole, type ConsoleServer } from '../../../../e2e/support/server';
import { killConsoleMidCreate, runningOn } from '../../../../e2e/support/takeover';
import { LocalDriver } from '../../src/infra/local-driver';
import { signupBody } from '../support/auth';
import { consoleDatabase } from '../support/database';

/**
 * Two console processes on one PostgreSQL database (one machine, one instances folder, as two
 * replicas of a deployment share their storage). The one running an instance's create step is
 * killed with SIGKILL in the middle of it, the workflow job in its hands: the other takes the job
 * over (its heartbeat stopped, so pg-boss retries it) and the lease (its holder is dead), and the
 * instance runs, with exactly one agent. Embedded mode is one process by design (its data-folder
 * lock), so this runs on the PostgreSQL project only. How long the takeover takes is measured by
 * `bench/takeover.ts`, not here; the wait below is long enough for a takeover and far shorter than
 * the lease's 2 minutes and the job's 5-minute expiry, which were the only way before.
 */
const onPostgres = process.env.TEST_DB === 'postgres';

const dataDir = mkdtempSync(join(tmpdir(), 'takeover-test-'));
const instancesDir = join(dataDir, 'instances');
const started: ConsoleServer[] = [];
const consoles = () => started as [ConsoleServer, ConsoleServer];
let database: { env: Record<string, string>; drop(): Promise<void> } = { env: {}, drop: async () => undefined };

beforeAll(async () => {
  if (!onPostgres) return;
  database = await consoleDatabase('takeover');
  // One by one into the list afterAll stops, so a second that fails to start leaves no first behind.
  started.push(await startConsole({ dataDir, env: database.env }));
  started.push(await startConsole({ dataDir, env: database.env }));
}, 90_000);

afterAll(async () => {
  for (const server of started) if (server.process.exitCode === null && server.process.signalCode === null) await server.stop('SIGTERM');
  const driver = new LocalDriver({ root: instancesDir, consoleOrigin: 'http://localhost' });
  for (const id of driver.folders.list()) await driver.terminate(id);
  for (const { pid } of agentProcessesUnder(instancesDir)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
}, 60_000);

describe.runIf(onPostgres)('a console killed in the middle of a create step', () => {
  it('the other console takes the step over and finishes the instance, with exactly one agent', { timeout: 150_000 }, async () => {
    const signup = await fetch(`${consoles()[0].url}/api/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(signupBody()) });
    const { jwt } = ((await signup.json()) as { data: { jwt: string } }).data;
    const { instanceId, agentPid, survivor } = await killConsoleMidCreate(consoles(), database.env.DATABASE_URL!, instancesDir, jwt, 'takeover');

    const running = await runningOn(survivor, jwt, instanceId, 75_000);
    expect(running.healthy).toBe(true);
    expect(agentProcessesUnder(instancesDir).filter((p) => p.instanceId === instanceId)).toEqual([{ pid: agentPid, instanceId }]);
    const res = await fetch(`${survivor.url}/api/managed-saas/instances/${instanceId}/user-activity?limit=100`, { headers: { authorization: `Bearer ${jwt}` } });
    const { events } = ((await res.json()) as { data: { events: { action: string; status: string; comments: string }[] } }).data;
    // The request, then each workflow step, recorded once: nothing done twice.
    expect(
      events
        .filter((e) => e.action === 'create')
        .map((e) => `${e.status}: ${e.comments}`)
        .sort(),
    ).toEqual(['pending: Provisioning the instance', 'pending: Requested a small instance on aws us-east-1', 'success: The instance is running']);
  });
});
