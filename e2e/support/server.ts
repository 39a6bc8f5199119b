import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { dropConsoleDatabase, prepareConsoleData } from './console-database';
import { MARKER, agentPids, reapOrphanConsoles } from './orphan-consoles';

export { agentPids } from './orphan-consoles';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ConsoleServer {
  url: string;
  dataDir: string;
  /** The console's own PostgreSQL database (support/console-database.ts), or null: PGlite in `<dataDir>/pg`, or one the caller gave. */
  databaseUrl: string | null;
  /** The settings it was started with (`startConsole`'s env): a restart on its folder takes them again. */
  env: Record<string, string>;
  process: ChildProcess;
  /** Stops the server; keeps the data folder unless told otherwise. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Ends any agent this console left running (they are detached) and removes the data folder and database (after stop). */
  dispose(): void;
}

/**
 * How a console runs: the e2e project's bundle of the server, built once per run (support/server-build.ts), or
 * else (the server projects' files that start consoles, the benches) the sources as `npm start` runs them. Either
 * way one process: tsx as a loader, not the tsx CLI (which would run the console as a child, out of reach of a SIGKILL).
 */
function serverCommand(): string[] {
  const bundle = inject('serverBundle');
  return bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', 'apps/server/src/main.ts'];
}

/**
 * The real console, as `npm start` runs it, on a free port with its own data folder and
 * database (support/console-database.ts), or on the given folder, to test restarts.
 */
export async function startConsole(opts: { dataDir?: string; env?: Record<string, string>; embedded?: boolean } = {}): Promise<ConsoleServer> {
  // An earlier file's abandoned console would load this one's (orphan-consoles.ts).
  reapOrphanConsoles(root);
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'console-e2e-'));
  // A new console's database starts from the run's migrated one; a console given DATABASE_URL uses that.
  const data = opts.env?.DATABASE_URL ? {} : await prepareConsoleData(dataDir, !opts.dataDir, opts.embedded === true);
  const child = spawn(process.execPath, serverCommand(), {
    cwd: root,
    // No daily backups unless a journey asks: one taken at 23:45 UTC mid-run would change what a journey counts.
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', DAILY_BACKUPS: 'false', [MARKER]: dataDir, ...data, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running: the file's worker would leave it behind (orphan-consoles.ts) for a later file to find.
      child.kill('SIGKILL');
      reject(new Error(`console did not start:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Console ready at (http:\/\/localhost:\d+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`console exited with ${code}:\n${output}`));
    });
  });
  const databaseUrl = data.DATABASE_URL ?? null;
  return {
    url,
    dataDir,
    databaseUrl,
    env: opts.env ?? {},
    process: child,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
    dispose: () => {
      for (const pid of agentPids(dataDir)) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          // Gone meanwhile.
        }
      }
      rmSync(dataDir, { recursive: true, force: true });
      dropConsoleDatabase(databaseUrl);
    },
  };
}
