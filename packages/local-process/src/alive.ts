import { readFileSync } from 'node:fs';

/**
 * Whether a process runs: the one liveness check of the console (its data
 * folder lock, a workflow lease's holder), the local driver and the agent.
 * A pid we may not signal (EPERM) still runs; a zombie (exited, not yet
 * reaped: its parent, a console that crashed, is gone) holds nothing and never
 * returns, so it counts as gone.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    // No /proc (not Linux): the signal's answer is all there is.
    return true;
  }
}
