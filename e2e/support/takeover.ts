import pg from 'pg';
import type { Instance } from '@replay/contracts';
import { isAlive } from '@replay/local-process';
import { agentProcessesUnder } from './agents';
import type { ConsoleServer } from './server';

/** Reads `read` every 50 ms until `done` says so, or fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function call<T>(server: ConsoleServer, jwt: string, method: string, path: string, body?: object): Promise<{ status: number; data: T }> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${jwt}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}

/** Which console process holds the instance's workflow lease (its identity ends `:pid:random`), read from the database. */
async function leaseHolderPid(databaseUrl: string, instanceId: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ owner: string | null }>('select lease_owner as owner from instances where instance_id = $1', [instanceId]);
    const owner = rows[0]?.owner;
    return owner ? Number(owner.split(':').at(-2)) : null;
  } finally {
    await client.end();
  }
}

export interface Takeover {
  instanceId: string;
  /** The agent the killed console had started (the only one there should ever be). */
  agentPid: number;
  /** The console that was not killed. */
  survivor: ConsoleServer;
  /** When the console holding the step was killed (ms, Date.now()). */
  killedAt: number;
}

/**
 * Two consoles on one PostgreSQL database and one instances folder: creates an instance through
 * `consoles[0]`, holds its create step mid-way (the agent frozen, so the step waits on its health),
 * kills with SIGKILL whichever console holds the step's lease, and thaws the agent. The other
 * console must then take the step over (tests/takeover.test.ts checks that it does; the bench
 * measures how long it takes).
 */
export async function killConsoleMidCreate(consoles: [ConsoleServer, ConsoleServer], databaseUrl: string, instancesDir: string, jwt: string, url: string): Promise<Takeover> {
  const created = await call<Instance>(consoles[0], jwt, 'POST', '/managed-saas/instances', { name: url, provider: 'aws', region: 'us-east-1', size: 'small', url });
  if (created.status !== 201) throw new Error(`create answered ${created.status}`);
  const instanceId = created.data.instanceId;
  const [agent] = await waitFor(
    async () => agentProcessesUnder(instancesDir).filter((p) => p.instanceId === instanceId),
    (found) => found.length === 1,
    30_000,
    'the agent to start',
  );
  process.kill(agent!.pid, 'SIGSTOP');
  const holderPid = await waitFor(
    () => leaseHolderPid(databaseUrl, instanceId),
    (pid) => pid !== null,
    10_000,
    'the workflow lease',
  );
  const holder = consoles.find((c) => c.process.pid === holderPid);
  const survivor = consoles.find((c) => c !== holder);
  if (!holder || !survivor) throw new Error(`no console of these two holds the lease (pid ${holderPid})`);
  const exited = new Promise((resolve) => holder.process.once('exit', resolve));
  process.kill(holderPid!, 'SIGKILL');
  await exited;
  const killedAt = Date.now();
  await waitFor(
    async () => isAlive(holderPid!),
    (alive) => !alive,
    5_000,
    'console death',
  );
  process.kill(agent!.pid, 'SIGCONT');
  return { instanceId, agentPid: agent!.pid, survivor, killedAt };
}

/** The instance as `server` answers it, once running and at rest. */
export const runningOn = (server: ConsoleServer, jwt: string, instanceId: string, timeoutMs: number) =>
  waitFor(
    async () => (await call<Instance>(server, jwt, 'GET', `/managed-saas/instances/${instanceId}`)).data,
    (i) => i.status === 'running' && !i.inProgress,
    timeoutMs,
    'the instance running on the other console',
  );
