/**
 * Issue 17's load-balancer figures: HAProxy on the documented example (deploy/haproxy/haproxy.cfg)
 * in front of real console processes on one PostgreSQL database (BENCH_DATABASE_URL), as the e2e
 * suite runs it (e2e/support/load-balancer.ts).
 * - The instances list (100 stopped instances, one account) under autocannon through the balancer, with
 *   one console and with three: requests per second (their ratio) and p99. On this 2-core machine
 *   three Node processes share the cores with PostgreSQL and HAProxy: the ratio says what a second
 *   and third process add here, not what three machines would.
 * - A rolling restart of the three (SIGTERM, one at a time, each back in the pool before the next)
 *   under constant load: the requests that failed (target 0).
 * Skips with a line saying why when there is no PostgreSQL or no haproxy. Figures only.
 */
import autocannon, { type Result } from 'autocannon';
import { decodeJwt } from 'jose';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { instances } from '../apps/server/src/db/schema';
import { newId } from '../apps/server/src/lib/ids';
import { agentProcessesUnder } from '../e2e/support/agents';
import { haproxyInstalled, startPool, type ConsolePool } from '../e2e/support/load-balancer';
import { median } from './stats';
import { withTempDatabase } from './support';
import { ADMIN_URL } from './postgres-admin';

const DURATION = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = 50;
const INSTANCES = 100;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
/** Where the bench is, on stderr: a run takes minutes. */
const step = (what: string) => process.stderr.write(`load balancer bench: ${what}\n`);

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface Figures {
  rps: number;
  p99: number;
  failed: number;
}

const figuresOf = (r: Result): Figures => ({ rps: Math.round(r.requests.average), p99: r.latency.p99, failed: r.non2xx + r.errors + r.timeouts });

/** Signs up through the balancer (an owner with every permission); answers the access token and the account's id. */
async function signUp(pool: ConsolePool, email: string): Promise<{ jwt: string; tenantId: string }> {
  const res = await fetch(`${pool.balancer.url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullname: 'Ada Lovelace', organizationName: 'Analytical Engines', email, password: 'Str0ng!Passw0rd' }),
  });
  if (res.status !== 201) throw new Error(`sign-up through the balancer answered ${res.status}`);
  const { jwt } = ((await res.json()) as { data: { jwt: string } }).data;
  return { jwt, tenantId: decodeJwt(jwt).tid as string };
}

/** The list under load through the balancer, `ROUNDS` times; the medians. */
async function measureList(pool: ConsolePool, jwt: string): Promise<Figures> {
  const rounds: Figures[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    rounds.push(
      figuresOf(
        await autocannon({ url: `${pool.balancer.url}/api/managed-saas/instances?limit=25`, connections: CONNECTIONS, duration: DURATION, workers: 1, headers: { authorization: `Bearer ${jwt}` } }),
      ),
    );
  }
  return { rps: median(rounds.map((r) => r.rps)), p99: median(rounds.map((r) => r.p99)), failed: rounds.reduce((n, r) => n + r.failed, 0) };
}

/**
 * Constant load (10 connections, as fast as answered) while each console is restarted in turn. In
 * this thread (no worker): a worker-thread run's stop() never answered here.
 */
async function rollingRestart(pool: ConsolePool, jwt: string): Promise<{ requests: number; failed: number; ms: number }> {
  const started = Date.now();
  let run: ReturnType<typeof autocannon> | undefined;
  const result = new Promise<Result>((resolve, reject) => {
    run = autocannon({ url: `${pool.balancer.url}/api/managed-saas/instances?limit=25`, connections: 10, duration: 600, headers: { authorization: `Bearer ${jwt}` } }, (err, r) =>
      err ? reject(err) : resolve(r),
    );
  });
  for (const name of pool.names) {
    step(`restarting ${name}`);
    await pool.consoles.get(name)!.stop('SIGTERM');
    await pool.restart(name);
  }
  run!.stop();
  const r = await result;
  return { requests: r.requests.total, failed: r.non2xx + r.errors + r.timeouts, ms: Date.now() - started };
}

export type LoadBalancerFigures = { skipped: string } | { one: Figures; three: Figures; rolling: { requests: number; failed: number; ms: number } };

export async function benchLoadBalancer(): Promise<LoadBalancerFigures> {
  if (!haproxyInstalled()) return { skipped: 'no haproxy (apt-get install haproxy, as .ci/run does)' };
  if (!(await postgresReachable())) return { skipped: `no PostgreSQL at BENCH_DATABASE_URL (${new URL(ADMIN_URL).host})` };
  return withTempDatabase(async (database, databaseUrl) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-lb-'));
    const env = { DATABASE_URL: databaseUrl, JWT_SECRET: SECRET };
    let pool: ConsolePool | undefined;
    try {
      pool = await startPool(1, { dataDir, env });
      const { jwt, tenantId } = await signUp(pool, 'lb-bench@example.com');
      // Stopped: a console's reconcile would start an agent for every running instance it finds without one.
      await database.db.insert(instances).values(
        Array.from({ length: INSTANCES }, (_, n) => ({
          instanceId: newId(),
          tenantId,
          name: `Instance ${n}`,
          status: 'stopped' as const,
          provider: 'aws' as const,
          region: 'eu-west-1',
          size: 'small' as const,
          url: `lb-bench-${n}`,
          version: '1.21',
          diskSize: 120,
          createdAt: new Date(Date.now() - n * 60_000),
        })),
      );
      step('the list with 1 console');
      const one = await measureList(pool, jwt);
      await pool.stop();
      pool = await startPool(3, { dataDir, env });
      step('the list with 3 consoles');
      const three = await measureList(pool, jwt);
      step('rolling restart under load');
      const rolling = await rollingRestart(pool, jwt);
      return { one, three, rolling };
    } finally {
      await pool?.stop();
      for (const { pid } of agentProcessesUnder(join(dataDir, 'instances'))) process.kill(pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    }
  });
}

export function loadBalancerReport(f: LoadBalancerFigures): string[] {
  if ('skipped' in f) return [`load balancer (HAProxy, PostgreSQL): skipped, ${f.skipped}`];
  return [
    `instances list through HAProxy (${INSTANCES} instances, ${CONNECTIONS} connections, PostgreSQL): 1 console ${f.one.rps} req/s, p99 ${f.one.p99} ms; 3 consoles ${f.three.rps} req/s, p99 ${f.three.p99} ms; ratio ${(f.three.rps / f.one.rps).toFixed(2)} (2 cores shared by all; failed ${f.one.failed + f.three.failed})`,
    `rolling restart of 3 consoles behind HAProxy under constant load: ${f.rolling.failed} failed of ${f.rolling.requests} requests in ${(f.rolling.ms / 1000).toFixed(0)} s (target 0)`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of loadBalancerReport(await benchLoadBalancer())) console.log(line);
}
