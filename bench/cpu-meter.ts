/**
 * CPU time per request, which the other work on a shared machine moves far less than req/s:
 * this process's CPU (user + system, every thread of it: the server under test and its GC),
 * and PostgreSQL's, summed over the backends serving the bench's database, read from
 * /proc/<pid>/stat (so Linux, with the backends' /proc readable: run as root or as the
 * server's user; otherwise the PostgreSQL figure is null). The load generator must run in
 * another process (`loadFromChild`), or its own CPU is counted as the server's.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Database } from '../apps/server/src/db/client';
import { sql } from 'drizzle-orm';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const run = promisify(execFile);

function ticksOf(pid: number): number | null {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Every backend of the bench's database, the one answering this query too: it is one of the pool's,
 * which serve the load. Leaving it out (as until issue 42's sixth look) left out a different backend
 * at each end of a round, and the one missing from the first reading was then counted with all the
 * CPU of its life: PostgreSQL's figure grew round after round (list 310 → 772 µs in one run).
 */
async function backendsOf(database: Database): Promise<number[]> {
  const result = await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`);
  return (result as unknown as { rows: { pid: number }[] }).rows.map((r) => r.pid);
}

export interface CpuReading {
  /** Milliseconds of this process's CPU. */
  processMs: number;
  /** Milliseconds of CPU of the database's backends; null where /proc could not be read. */
  postgresMs: number | null;
}

/** Starts a measurement; the function it answers ends it. */
export async function startCpuMeter(database: Database): Promise<() => Promise<CpuReading>> {
  const before = new Map((await backendsOf(database)).map((pid) => [pid, ticksOf(pid)]));
  const cpu = process.cpuUsage();
  return async () => {
    const used = process.cpuUsage(cpu);
    let ticks: number | null = 0;
    for (const pid of await backendsOf(database)) {
      const now = ticksOf(pid);
      if (now === null || ticks === null) ticks = null;
      else ticks += now - (before.get(pid) ?? 0);
    }
    return { processMs: (used.user + used.system) / 1000, postgresMs: ticks === null ? null : (ticks * 1000) / TICKS_PER_SECOND };
  };
}

export interface ChildLoad {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** autocannon in a child process (its CLI's --json), so none of its CPU lands in this process's reading. */
export async function loadFromChild(url: string, opts: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<ChildLoad> {
  const headerArgs = Object.entries(opts.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  const args = ['autocannon', '--json', '-c', String(opts.connections), '-d', String(opts.seconds), ...headerArgs, url];
  const { stdout } = await run('npx', ['--no-install', ...args], { maxBuffer: 16 * 1024 * 1024 });
  const r = JSON.parse(stdout) as { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
  return { requests: r.requests.total, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}
