import { readFileSync, readdirSync } from 'node:fs';
import { isAlive } from '@replay/local-process';

/** Every live process running an agent under `instancesDir`, from /proc: the ground truth, whatever a console thinks. */
export function agentProcessesUnder(instancesDir: string): { pid: number; instanceId: string }[] {
  const found: { pid: number; instanceId: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    const dir = args[args.indexOf('--data-dir') + 1];
    const id = args[args.indexOf('--instance-id') + 1];
    if (args.includes('--data-dir') && dir?.startsWith(instancesDir) && id && isAlive(Number(entry))) found.push({ pid: Number(entry), instanceId: id });
  }
  return found;
}

/** Sends `sig` to each process (SIGSTOP holds an agent where it is, SIGCONT lets it go on); one gone meanwhile is skipped. */
export function signalAll(pids: readonly number[], sig: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, sig);
    } catch {
      // Gone meanwhile.
    }
  }
}

/**
 * Runs `step` with the processes held (SIGSTOP), then lets them go on, whatever the step did: a
 * step that must see a passing state on screen ("Stopping", "Terminating") would otherwise race an
 * agent that finishes before the answer is drawn.
 */
export async function whileHeld<T>(pids: readonly number[], step: () => Promise<T>): Promise<T> {
  signalAll(pids, 'SIGSTOP');
  try {
    return await step();
  } finally {
    signalAll(pids, 'SIGCONT');
  }
}
