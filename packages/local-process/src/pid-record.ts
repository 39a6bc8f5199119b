import { readFileSync, readlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AGENT_FLAGS } from '@replay/agent-protocol/plain';
import { isAlive } from './alive.ts';

/** What an agent records about itself in its data folder, for its driver and for a second agent. */
export interface PidRecord {
  pid: number;
  port: number;
  instanceId: string;
  version: string;
  startedAt: number;
}

export const PID_FILE = 'agent.pid';

export function readPidRecord(dataDir: string): PidRecord | null {
  try {
    const record = JSON.parse(readFileSync(join(dataDir, PID_FILE), 'utf8')) as PidRecord;
    return Number.isInteger(record.pid) ? record : null;
  } catch {
    return null;
  }
}

/**
 * A live pid is only trusted as the holder when that process was started for
 * this data folder (its `--data-dir` flag or its variable, read from /proc
 * where it exists): after a reboot the recorded pid may belong to an unrelated
 * process, or to the agent of another instance, and the folder must not then
 * count as held forever.
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
  const flag = '--data-dir';
  const variable = `${AGENT_FLAGS['data-dir']}=`;
  const named = [
    ...args.flatMap((arg, i) => (arg === flag ? [args[i + 1] ?? ''] : arg.startsWith(`${flag}=`) ? [arg.slice(flag.length + 1)] : [])),
    ...env.filter((v) => v.startsWith(variable)).map((v) => v.slice(variable.length)),
  ];
  return named.some((dir) => dir !== '' && resolve(cwd, dir) === resolve(dataDir));
}

/** The pid of the agent that holds this data folder now, or null: a recorded pid that died or now names another process does not count. */
export function livePidOf(dataDir: string): number | null {
  const pid = readPidRecord(dataDir)?.pid;
  return pid && holdsDataDir(pid, dataDir) ? pid : null;
}
