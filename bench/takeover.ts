/**
 * Issue 17's takeover figure: two real consoles on one PostgreSQL database (BENCH_DATABASE_URL,
 * default the local server) and one instances folder; the one running an instance's create step
 * is killed with SIGKILL mid-step (e2e/support/takeover.ts), and the time from the kill until the
 * other console answers the instance running is measured. Target ≤ 30 s. Each run on a fresh
 * database, consoles and folder: nothing one run leaves can speed up the next.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentProcessesUnder } from '../e2e/support/agents';
import { startConsole, type ConsoleServer } from '../e2e/support/server';
import { killConsoleMidCreate, runningOn } from '../e2e/support/takeover';
import { ADMIN_URL, admin } from './postgres-admin';

const RUNS = Number(process.env.TAKEOVER_RUNS ?? 3);

async function oneTakeover(): Promise<number> {
  const name = `bench_takeover_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123' };
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-takeover-'));
  const consoles: ConsoleServer[] = [];
  try {
    consoles.push(await startConsole({ dataDir, env }), await startConsole({ dataDir, env }));
    const signup = await fetch(`${consoles[0]!.url}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullname: 'Ada Lovelace', organizationName: 'Analytical Engines', email: 'ada@example.com', password: 'Str0ng!Passw0rd' }),
    });
    const { jwt } = ((await signup.json()) as { data: { jwt: string } }).data;
    const takeover = await killConsoleMidCreate([consoles[0]!, consoles[1]!], url.toString(), join(dataDir, 'instances'), jwt, 'bench-takeover');
    await runningOn(takeover.survivor, jwt, takeover.instanceId, 300_000);
    return Date.now() - takeover.killedAt;
  } finally {
    for (const c of consoles) if (c.process.exitCode === null && c.process.signalCode === null) await c.stop('SIGTERM');
    for (const { pid } of agentProcessesUnder(join(dataDir, 'instances'))) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await admin(`drop database if exists ${name} with (force)`);
  }
}

export async function benchTakeover(): Promise<{ runs: number[]; medianMs: number }> {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await oneTakeover());
  const sorted = [...runs].sort((a, b) => a - b);
  return { runs, medianMs: sorted[Math.floor(sorted.length / 2)]! };
}

export const takeoverReport = (r: { runs: number[]; medianMs: number }): string[] => [
  `takeover after SIGKILL (two consoles on PostgreSQL, the one mid-create killed): median ${(r.medianMs / 1000).toFixed(1)} s (runs ${r.runs.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s; target ≤ 30 s)`,
];

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of takeoverReport(await benchTakeover())) console.log(line);
}
