import { closeSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PID_FILE, holdsDataDir, readPidRecord, type PidRecord } from '@replay/local-process';

export class DataDirInUseError extends Error {}

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
