import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { agentCommand } from '@replay/agent-protocol';
import { SIZES } from '@replay/contracts';
import { isAlive } from '@replay/local-process';
import type { InstanceRecord } from './instance-folder';

/**
 * The agent's entry point, found by its package's export (`@replay/agent/main`,
 * run from source), as any installed package is: the console imports none of
 * the agent's code, it only starts it.
 */
export const AGENT_MAIN = createRequire(import.meta.url).resolve('@replay/agent/main');

/**
 * Node 22.18+ runs the agent's TypeScript itself (type stripping), which
 * starts faster than a loader; an older Node goes through tsx. The tsx path is
 * resolved here, because the agent runs in its instance folder, where a bare
 * 'tsx' would not resolve.
 */
function nodeFlags(): string[] {
  return process.features.typescript ? [] : ['--import', import.meta.resolve('tsx')];
}

export interface SpawnOptions {
  dataDir: string;
  logFile: string;
  cwd: string;
  consoleOrigin: string;
  host: string;
  /** The agent file of the instance's version (an operator's EXTRA_VERSIONS entry); the bundled agent when absent. */
  entry?: string;
}

export interface SpawnedAgent {
  pid: number;
  /** Resolves with the exit code if the agent exits while this console is alive. */
  exited: Promise<number | null>;
}

/**
 * Starts an agent in its own process group, detached, with its output in its
 * log file, so it outlives a console crash or restart. Arguments go as an
 * array, never through a shell. The agent's environment holds only what it
 * needs: the console's own secrets (database URL, signing key) stay out.
 */
export function spawnAgent(record: InstanceRecord & { projectKey: string }, opts: SpawnOptions): SpawnedAgent {
  const { vcpu, memoryGb } = SIZES[record.size];
  const { instanceId, name, tenantName, version, port, secret, projectKey } = record;
  const { dataDir, host, consoleOrigin } = opts;
  const command = agentCommand({ instanceId, name, tenantName, version, port, secret, projectKey, dataDir, host, consoleOrigin, vcpu, memoryGb, diskGb: record.diskSize });
  const log = openSync(opts.logFile, 'a');
  try {
    const child = spawn(process.execPath, [...nodeFlags(), opts.entry ?? AGENT_MAIN, ...command.args], {
      cwd: opts.cwd,
      detached: true,
      stdio: ['ignore', log, log],
      // Secrets go in the environment, which only this user can read (/proc/<pid>/environ), never in arguments, which `ps` shows to all.
      env: { PATH: process.env.PATH ?? '', ...command.env },
    });
    if (child.pid === undefined) throw new Error(`Could not start the agent of ${record.instanceId}`);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.unref();
    return { pid: child.pid, exited };
  } finally {
    closeSync(log);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Ends an agent's process group: SIGTERM first so it closes its files and
 * pid record, SIGKILL if it has not gone within the grace period.
 */
export async function endProcessGroup(pid: number, graceMs: number): Promise<void> {
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig);
    } catch {
      try {
        process.kill(pid, sig);
      } catch {
        // Already gone.
      }
    }
  };
  if (!isAlive(pid)) return;
  signal('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return;
    await sleep(20);
  }
  signal('SIGKILL');
  // SIGKILL cannot be refused, but a process stuck in the kernel (a hung disk) dies only when that returns.
  const killDeadline = Date.now() + 10_000;
  while (isAlive(pid)) {
    if (Date.now() > killDeadline) throw new Error(`Process ${pid} did not exit after SIGKILL`);
    await sleep(10);
  }
}
