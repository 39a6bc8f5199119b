/**
 * Start-up time of the console: from spawning `tsx apps/server/src/main.ts` to
 * the first 200 from /api/health, on a fresh data folder (initdb, migrations,
 * job-queue schema) and on an existing one. Prints the median of N runs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './stats';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.env.RUNS ?? 5);

async function timeStart(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      const res = await fetch(`http://localhost:${port}/api/health`).catch(() => null);
      if (res?.status === 200) return performance.now() - started;
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() - started > 60_000) throw new Error('server did not start in 60 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  }
}

export async function benchStartup(): Promise<{ freshMs: number; existingMs: number }> {
  const fresh: number[] = [];
  const existing: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-start-'));
    try {
      fresh.push(await timeStart(dir, 3300 + i));
      existing.push(await timeStart(dir, 3300 + i));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { freshMs: Math.round(median(fresh)), existingMs: Math.round(median(existing)) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchStartup();
  console.log(`start-up (median of ${runs}): fresh data folder ${r.freshMs} ms, existing data folder ${r.existingMs} ms`);
}
