import { readFileSync, readdirSync, readlinkSync, rmSync } from 'node:fs';

/**
 * Consoles an e2e file started and never stopped. A `beforeAll` that times out while its console
 * is still starting is abandoned by vitest: the console comes up later, the file's `afterAll` has no
 * server to stop, and its worker exits, leaving the console (and its detached agents) running for
 * the rest of the run. On a loaded machine each such console (~5 % of a core: health rounds and
 * schedules) made the next file slower still: 20 were found running in one full run. Every e2e
 * console carries MARKER in its environment, naming its data folder; one whose parent is gone
 * (re-parented to pid 1) and that runs from this checkout is an orphan of these tests, stopped with
 * its agents, and its folder removed.
 */
export const MARKER = 'REPLAY_E2E_CONSOLE';

interface Orphan {
  pid: number;
  dataDir: string;
}

function orphanOf(pid: number, root: string): Orphan | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid !== 1 || readlinkSync(`/proc/${pid}/cwd`).replace(/\/?$/, '/') !== root) return null;
    const marker = readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .find((kv) => kv.startsWith(`${MARKER}=`));
    return marker ? { pid, dataDir: marker.slice(MARKER.length + 1) } : null;
  } catch {
    return null; // gone meanwhile, or another user's
  }
}

/** Agent processes of a console: their command line names a folder inside its data folder. */
export function agentPids(dataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.includes('--instance-id') && args.some((a) => a.startsWith(dataDir))) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/** Stops this checkout's orphaned e2e consoles and their agents; answers how many it found. */
export function reapOrphanConsoles(root: string): number {
  const orphans = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => orphanOf(Number(entry), root.replace(/\/?$/, '/')))
    .filter((o): o is Orphan => o !== null);
  for (const { pid, dataDir } of orphans) {
    for (const owned of [pid, ...agentPids(dataDir)]) {
      try {
        process.kill(owned, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  return orphans.length;
}
