import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { ADMIN_CALLS, TOKEN_ISSUER, type AgentStats, type ConsoleTokenScope } from '@replay/agent-protocol';
import { readPidRecord } from '@replay/local-process';
import { signToken } from '../src/tokens.ts';

export const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
export const CONSOLE_ORIGIN = 'http://localhost:3999';

export interface RunningAgent {
  child: ChildProcess;
  port: number;
  url: string;
  dataDir: string;
  instanceId: string;
  secret: string;
  projectKey: string;
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

const temps: string[] = [];
const children = new Set<ChildProcess>();
const stderrOf = new WeakMap<ChildProcess, () => string>();

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-test-'));
  temps.push(dir);
  return dir;
}

/** Kills whatever a test left running and removes every temp folder; for afterAll. */
export async function cleanUp(): Promise<void> {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export interface AgentOptions {
  dataDir?: string;
  instanceId?: string;
  secret?: string;
  projectKey?: string;
  port?: number;
  version?: string;
  diskGb?: number;
  /** More environment, such as ingest limits (AGENT_CLIENT_REQUESTS_PER_SECOND…). */
  env?: Record<string, string>;
  /** Options for node itself, before the agent's entry. */
  nodeArgs?: string[];
}

type LaunchOptions = Required<Omit<AgentOptions, 'env' | 'nodeArgs'>> & Pick<AgentOptions, 'env' | 'nodeArgs'>;

export function launch(opts: LaunchOptions): { child: ChildProcess; exited: Promise<number | null> } {
  const args = [MAIN, '--instance-id', opts.instanceId, '--name', `Agent ${opts.instanceId}`, '--data-dir', opts.dataDir];
  args.push('--port', String(opts.port), '--version', opts.version, '--console-origin', CONSOLE_ORIGIN, '--tenant', 'Acme');
  args.push('--disk-gb', String(opts.diskGb), '--memory-gb', '8', '--vcpu', '2');
  // Node 22.18+ strips the types itself; an older Node needs the tsx loader.
  const flags = process.features.typescript ? [] : ['--import', import.meta.resolve('tsx')];
  const env = { ...process.env, AGENT_SECRET: opts.secret, AGENT_PROJECT_KEY: opts.projectKey, ...opts.env };
  const child = spawn(process.execPath, [...flags, ...(opts.nodeArgs ?? []), ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  children.add(child);
  // Drained so a chatty agent never blocks on a full pipe; kept for failure messages.
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  stderrOf.set(child, () => stderr);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, exited };
}

/** A real agent process; resolves once /api/health first answers 200. */
export async function startAgentProcess(options: AgentOptions = {}): Promise<RunningAgent> {
  const opts = {
    dataDir: options.dataDir ?? join(tempDir(), 'data'),
    instanceId: options.instanceId ?? `i-${randomUUID().slice(0, 8)}`,
    secret: options.secret ?? randomBytes(32).toString('base64url'),
    projectKey: options.projectKey ?? randomBytes(15).toString('base64url'),
    port: options.port ?? 0,
    version: options.version ?? '1.21',
    diskGb: options.diskGb ?? 120,
    env: options.env,
    nodeArgs: options.nodeArgs,
  };
  const { child, exited } = launch(opts);
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined) throw new Error(`agent exited with ${exitCode} before answering: ${stderrOf.get(child)?.()}`);
    const port = opts.port || (readPidRecord(opts.dataDir)?.pid === child.pid ? readPidRecord(opts.dataDir)?.port : 0);
    const res = port ? await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null) : null;
    if (res?.status === 200) {
      const stop = async () => {
        child.kill('SIGTERM');
        return exited;
      };
      return { ...opts, child, port: port as number, url: `http://127.0.0.1:${port}`, exited, stop };
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

export function consoleToken(agent: Pick<RunningAgent, 'instanceId' | 'secret'>, scope: ConsoleTokenScope, extra: Record<string, unknown> = {}): string {
  const exp = Math.floor(Date.now() / 1000) + 60;
  return signToken({ scope, aud: agent.instanceId, exp, jti: randomUUID(), sub: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', ...extra }, agent.secret, TOKEN_ISSUER);
}

export async function admin(agent: RunningAgent, path: string, body: unknown): Promise<Response> {
  return fetch(`${agent.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${consoleToken(agent, 'admin')}` },
    body: JSON.stringify(body),
  });
}

/** What the console reads, with its admin token. */
export async function stats(agent: RunningAgent): Promise<AgentStats> {
  const res = await fetch(`${agent.url}${ADMIN_CALLS.stats.path}`, { headers: { Authorization: `Bearer ${consoleToken(agent, 'admin')}` } });
  if (res.status !== 200) throw new Error(`stats answered ${res.status}`);
  return ADMIN_CALLS.stats.answer.parse(await res.json()) satisfies AgentStats;
}

/** A tracker's batch, with the instance's project key unless `headers` brings its own Authorization. */
export async function sendEvents(agent: RunningAgent, sessionId: string, events: unknown[], headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${agent.url}/api/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.projectKey}`, ...headers },
    body: JSON.stringify({ sessionId, events }),
  });
}

/** The lines of a session's chunk of a day (today's unless given), parsed: each batch's head, then its events. */
export function storedLines(dataDir: string, sessionId: string, day = new Date().toISOString().slice(0, 10)): Record<string, unknown>[] {
  return readFileSync(join(dataDir, 'sessions', day, `${sessionId}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** A session's stored events, without the batches' heads. */
export const storedEvents = (dataDir: string, sessionId: string, day?: string) => storedLines(dataDir, sessionId, day).filter((l) => l.type !== 'replay.batch');

/** A session's batch heads: when each came and what came with it. */
export const storedHeads = (dataDir: string, sessionId: string, day?: string) => storedLines(dataDir, sessionId, day).filter((l) => l.type === 'replay.batch');

/** A batch sent from another loopback address (127.0.0.2…): another client, as far as the agent's rate limits know. */
export function sendEventsFrom(localAddress: string, agent: RunningAgent, sessionId: string, events: unknown[]): Promise<{ status: number; retryAfter: string | undefined }> {
  const body = JSON.stringify({ sessionId, events });
  const headers = { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), Authorization: `Bearer ${agent.projectKey}` };
  return new Promise((resolve, reject) => {
    const req = request(`${agent.url}/api/events`, { method: 'POST', headers, localAddress }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * One agent process for a test file (or a describe block): started before its tests, stopped
 * after them with the temp folders removed. `use` receives it, for the file's own variable.
 */
export function agentForTests(use: (agent: RunningAgent) => void): void {
  let started: RunningAgent | undefined;
  beforeAll(async () => {
    started = await startAgentProcess();
    use(started);
  }, 30_000);
  afterAll(async () => {
    await started?.stop();
    await cleanUp();
  });
}
