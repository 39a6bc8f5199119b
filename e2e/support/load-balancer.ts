import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/lib/free-port';
import { startConsole, type ConsoleServer } from './server';
import { waitFor } from './takeover';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The documented example (docs/OPERATIONS.md): the tests run it, only its addresses changed. */
export const EXAMPLE_CONFIG = join(root, 'deploy/haproxy/haproxy.cfg');
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** The header the test configuration adds to every answer: which server (console1…) served it. */
export const SERVED_BY = 'x-served-by';

/**
 * Drain settings that go with the example's checks (inter 1 s, fastinter 0.5 s, fall 2): the drain
 * delay is left at its default with DATABASE_URL (5 s), so the rolling restart proves the default
 * safe; a console told SIGTERM answers /readyz 503 and keeps serving while HAProxy takes it out.
 */
export const DRAIN_ENV = { SHUTDOWN_GRACE_SECONDS: '20' };

/** What the consoles behind the example are told of it: its X-Forwarded-For is one hop away (haproxy.cfg's header). */
export const BEHIND_BALANCER_ENV = { TRUST_PROXY: '1' };

export const haproxyInstalled = () => existsSync(HAPROXY);

/**
 * The example configuration with the test's ports: the frontend on `port`, the stats page on
 * `statsPort`, and one `server` line per console; the only addition is the X-Served-By header.
 */
export function configFor(example: string, ports: { port: number; statsPort: number; servers: { name: string; port: number }[] }): string {
  const lines = example.split('\n');
  const firstServer = lines.findIndex((l) => /^\s+server /.test(l));
  if (firstServer < 0 || !example.includes('    bind :80\n') || !example.includes('    bind 127.0.0.1:8404\n')) {
    throw new Error(`${EXAMPLE_CONFIG} changed shape: the harness rewrites its 'bind :80', stats bind and server lines`);
  }
  const servers = ports.servers.map((s) => `    server ${s.name} 127.0.0.1:${s.port}`);
  const kept = lines.filter((l) => !/^\s+server /.test(l));
  kept.splice(firstServer, 0, ...servers, `    http-response set-header X-Served-By %[srv_name]`);
  return kept.join('\n').replace('    bind :80\n', `    bind 127.0.0.1:${ports.port}\n`).replace('    bind 127.0.0.1:8404\n', `    bind 127.0.0.1:${ports.statsPort}\n`);
}

export type ServerState = 'UP' | 'DOWN' | 'NOLB' | 'MAINT' | string;

export interface Balancer {
  url: string;
  process: ChildProcess;
  /** Each console server's state as HAProxy sees it (its stats page, CSV). */
  states(): Promise<Record<string, ServerState>>;
  waitState(server: string, state: ServerState, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** HAProxy in the foreground (-db) on the example configuration with these consoles' ports. */
export async function startBalancer(servers: { name: string; port: number }[], port: number): Promise<Balancer> {
  if (!haproxyInstalled()) throw new Error(`No haproxy at ${HAPROXY}: run .ci/run or apt-get install haproxy`);
  const statsPort = await freePort(new Set([port, ...servers.map((s) => s.port)]));
  const dir = mkdtempSync(join(tmpdir(), 'haproxy-e2e-'));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(config, configFor(readFileSync(EXAMPLE_CONFIG, 'utf8'), { port, statsPort, servers }));
  const check = spawnSync(HAPROXY, ['-c', '-q', '-f', config], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refused the configuration:\n${check.stderr}${check.stdout}`);
  const child = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const states = async (): Promise<Record<string, ServerState>> => {
    const res = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`).catch(() => null);
    if (!res?.ok) return {};
    const [header, ...rows] = (await res.text()).trim().split('\n');
    const columns = header!.replace(/^# /, '').split(',');
    const at = (name: string) => columns.indexOf(name);
    const found: Record<string, ServerState> = {};
    for (const row of rows) {
      const cells = row.split(',');
      if (cells[at('pxname')] === 'consoles' && !['FRONTEND', 'BACKEND'].includes(cells[at('svname')]!)) found[cells[at('svname')]!] = cells[at('status')]!;
    }
    return found;
  };
  const balancer: Balancer = {
    url: `http://127.0.0.1:${port}`,
    process: child,
    states,
    waitState: async (server, state, timeoutMs = 30_000) => {
      await waitFor(states, (s) => s[server] === state, timeoutMs, `HAProxy to see ${server} ${state}\n${output.slice(-2000)}`);
    },
    stop: () =>
      new Promise((resolve) => {
        rmSync(dir, { recursive: true, force: true });
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
  try {
    await waitFor(states, (s) => servers.every((srv) => s[srv.name] === 'UP'), 30_000, `HAProxy to start with every console up\n${output}`);
  } catch (err) {
    await balancer.stop();
    throw err;
  }
  return balancer;
}

/** Console processes on one database and one data folder, each on a fixed port (a restart keeps its place in the balancer). */
export interface ConsolePool {
  names: string[];
  consoles: Map<string, ConsoleServer>;
  balancer: Balancer;
  /** Starts the named console again on its port and waits until HAProxy sends it traffic. */
  restart(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `count` consoles behind HAProxy, all told the balancer's address is theirs (PUBLIC_URL, so the
 * Host allow-list admits the browser's Host header) and to trust the X-Forwarded-For it writes.
 */
export async function startPool(count: number, opts: { dataDir: string; env: Record<string, string> }): Promise<ConsolePool> {
  const taken = new Set<number>();
  const take = async () => {
    const port = await freePort(taken);
    taken.add(port);
    return port;
  };
  const balancerPort = await take();
  const ports = new Map<string, number>();
  for (let i = 1; i <= count; i++) ports.set(`console${i}`, await take());
  const env = { ...opts.env, ...DRAIN_ENV, ...BEHIND_BALANCER_ENV, HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${balancerPort}`, DAILY_BACKUPS: 'false' };
  const consoles = new Map<string, ConsoleServer>();
  const start = async (name: string) => consoles.set(name, await startConsole({ dataDir: opts.dataDir, env: { ...env, PORT: String(ports.get(name)) } }));
  const stopAll = async () => {
    for (const c of consoles.values()) await c.stop('SIGKILL');
  };
  let balancer: Balancer;
  try {
    // One at a time: the first runs the migrations, and two cores start tsx slowly enough as it is.
    for (const name of ports.keys()) await start(name);
    balancer = await startBalancer(
      [...ports].map(([name, port]) => ({ name, port })),
      balancerPort,
    );
  } catch (err) {
    await stopAll();
    throw err;
  }
  return {
    names: [...ports.keys()],
    consoles,
    balancer,
    async restart(name) {
      await start(name);
      await balancer.waitState(name, 'UP');
    },
    async stop() {
      await balancer.stop();
      await Promise.all([...consoles.values()].map((c) => c.stop('SIGTERM')));
    },
  };
}
