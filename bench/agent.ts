/**
 * A real agent process for the benches that measure one (ingest, replay): started from the
 * source on a fixed port with its own data folder, rate limits raised by `env` so the agent
 * itself is measured, and answered once /api/health does. `stop()` ends it and removes the folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface BenchAgent {
  child: ChildProcess;
  url: string;
  dataDir: string;
  instanceId: string;
  secret: string;
  projectKey: string;
  stop(): Promise<void>;
}

export async function startBenchAgent(opts: { instanceId: string; port: number; env: Record<string, string> }): Promise<BenchAgent> {
  const dir = mkdtempSync(join(tmpdir(), `${opts.instanceId}-`));
  const dataDir = join(dir, 'data');
  const [secret, projectKey] = [randomBytes(32).toString('base64url'), randomBytes(15).toString('base64url')];
  const args = [
    'apps/agent/src/main.ts',
    '--instance-id',
    opts.instanceId,
    '--name',
    'bench',
    '--data-dir',
    dataDir,
    '--port',
    String(opts.port),
    '--version',
    '1.21',
    '--console-origin',
    'http://localhost:3999',
    '--tenant',
    'Bench',
  ];
  const flags = process.features.typescript ? [] : ['--import', 'tsx'];
  const env = { ...process.env, ...opts.env, AGENT_SECRET: secret, AGENT_PROJECT_KEY: projectKey };
  const child = spawn(process.execPath, [...flags, ...args], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${opts.port}`;
  for (let tries = 0; !(await fetch(`${url}/api/health`).catch(() => null))?.ok; tries++) {
    if (tries > 600 || child.exitCode !== null) {
      await stop();
      throw new Error('the agent did not start');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url, dataDir, instanceId: opts.instanceId, secret, projectKey, stop };
}
