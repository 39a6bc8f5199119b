import { closeSync, openSync, readFileSync, readlinkSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** What the agent records about itself in its data folder, for its driver and for a second agent. */
export interface PidRecord {
  pid: number;
  port: number;
  instanceId: string;
  version: string;
  startedAt: number;
}

export const PID_FILE = 'agent.pid';

export class DataDirInUseError extends Error {}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A zombie (exited, not yet reaped: its parent, a console that crashed, is gone) holds nothing and never returns.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/**
 * A live pid is only trusted as the holder when that process was started for
 * this data folder (read from /proc where it exists): after a reboot the
 * recorded pid may belong to an unrelated process, or to the agent of another
 * instance, and this agent must not then refuse to start forever.
 */
export function holdsDataDir(pid: number, dataDir: string): boolean {
  if (!isAlive(pid)) return false;
  let cwd: string;
  let args: string[];
  let env: string[];
  try {
    cwd = readlinkSync(`/proc/${pid}/cwd`);
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  } catch {
    return true;
  }
  const named = [
    ...args.flatMap((arg, i) => (arg === '--data-dir' ? [args[i + 1] ?? ''] : arg.startsWith('--data-dir=') ? [arg.slice(11)] : [])),
    ...env.filter((v) => v.startsWith('AGENT_DATA_DIR=')).map((v) => v.slice(15)),
  ];
  return named.some((dir) => dir !== '' && resolve(cwd, dir) === resolve(dataDir));
}

export function readPidRecord(dataDir: string): PidRecord | null {
  try {
    const record = JSON.parse(readFileSync(join(dataDir, PID_FILE), 'utf8')) as PidRecord;
    return Number.isInteger(record.pid) ? record : null;
  } catch {
    return null;
  }
}

/**
 * Takes the data folder for this process, or throws when another live agent
 * holds it: two agents appending to one folder would corrupt each other's
 * files. Returns an updater (to record the port once listening) and a release.
 */
export function lockDataDir(dataDir: string, record: Omit<PidRecord, 'pid'>): { update(port: number): void; release(): void } {
  const file = join(dataDir, PID_FILE);
  const write = (r: PidRecord) => JSON.stringify(r);
  let current: PidRecord = { ...record, pid: process.pid };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, write(current));
      closeSync(fd);
      return {
        update(port) {
          current = { ...current, port };
          writeFileSync(file, write(current));
        },
        release() {
          if (readPidRecord(dataDir)?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = readPidRecord(dataDir);
      if (holder && holder.pid !== process.pid && holdsDataDir(holder.pid, dataDir)) {
        throw new DataDirInUseError(`The data folder ${dataDir} is in use by another agent (pid ${holder.pid}).`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the data folder ${dataDir}.`);
}
