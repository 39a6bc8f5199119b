import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { MARKER, reapOrphanConsoles } from './support/orphan-consoles';

const root = fileURLToPath(new URL('..', import.meta.url));
const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/\) Z /.test(String(execFileSync('cat', [`/proc/${pid}/stat`])));

/** A process as an abandoned console is: marked, run from this checkout, its parent gone (a shell that exits at once). */
function orphan(env: Record<string, string>, cwd = root): number {
  const out = execFileSync('sh', ['-c', 'sleep 300 > /dev/null 2>&1 & echo $!'], { cwd, env: { ...process.env, ...env } });
  return Number(String(out).trim());
}

it("stops the e2e consoles whose file's worker is gone, and removes their folders; leaves others alone", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-orphan-'));
  const abandoned = orphan({ [MARKER]: dataDir });
  const unmarked = orphan({});
  const elsewhere = orphan({ [MARKER]: dataDir }, tmpdir());
  try {
    await expect.poll(() => Number(String(execFileSync('ps', ['-o', 'ppid=', '-p', String(abandoned)])).trim())).toBe(1);
    expect(reapOrphanConsoles(root)).toBe(1);
    await expect.poll(() => alive(abandoned)).toBe(false);
    expect(existsSync(dataDir)).toBe(false);
    expect([alive(unmarked), alive(elsewhere)]).toEqual([true, true]);
  } finally {
    for (const pid of [abandoned, unmarked, elsewhere]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
});
