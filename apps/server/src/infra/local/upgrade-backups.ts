import { cpSync, existsSync, lstatSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { BACKUP_NAME_PATTERN } from '@replay/agent-protocol';
import { PID_FILE } from '@replay/local-process';
import type { UpgradeBackup } from '../driver';

/**
 * The backups an upgrade takes, in the instance's `backups/` folder (beside
 * its data, as the agent protocol's AgentStart says):
 *   backups/upgrade-<key>/data/        the data folder as it was, without the pid file
 *   backups/upgrade-<key>/backup.json  written last: a folder without it is half a copy
 * Taken and put back by the driver while no agent runs, so the copy is
 * consistent; each step writes beside and renames, so a crash leaves either
 * the old state or the new one, and running a step again finishes it.
 */

const MARKER = 'backup.json';

function checkedKey(key: string): string {
  if (!BACKUP_NAME_PATTERN.test(key)) throw new Error(`Invalid backup key: ${key}`);
  return key;
}

/** Bytes under a folder, symlinks as themselves. */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isDirectory()) total += lstatSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** Copies a data folder, leaving out its pid file (it names a process, not data). */
function copyData(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true, filter: (source) => !(basename(source) === PID_FILE && dirname(source) === from) });
}

export class UpgradeBackups {
  constructor(
    private readonly backupsDir: string,
    private readonly dataDir: string,
  ) {}

  private folder(key: string): string {
    return join(this.backupsDir, `upgrade-${checkedKey(key)}`);
  }

  read(key: string): UpgradeBackup | null {
    const marker = join(this.folder(key), MARKER);
    if (!existsSync(marker)) return null;
    return JSON.parse(readFileSync(marker, 'utf8')) as UpgradeBackup;
  }

  private writeMarker(folder: string, backup: UpgradeBackup): void {
    writeFileSync(join(folder, `${MARKER}.tmp`), JSON.stringify(backup), { mode: 0o600 });
    renameSync(join(folder, `${MARKER}.tmp`), join(folder, MARKER));
  }

  /** The backup under `key`, taken now unless a whole one exists. Call with no agent running. */
  take(key: string, nowMs: number): UpgradeBackup {
    const existing = this.read(key);
    if (existing) return existing;
    const folder = this.folder(key);
    const partial = `${folder}.partial`;
    rmSync(partial, { recursive: true, force: true });
    copyData(this.dataDir, join(partial, 'data'));
    const backup: UpgradeBackup = { key, createdAt: nowMs, bytes: bytesUnder(join(partial, 'data')), restoredAt: null };
    this.writeMarker(partial, backup);
    rmSync(folder, { recursive: true, force: true });
    renameSync(partial, folder);
    return backup;
  }

  /**
   * Puts the backup's data in place of the data folder, once: a backup marked
   * restored is left alone, so what was recorded after the restore stays.
   * `beforeMark` runs after the data is back and before the mark (the driver
   * records the version there). Call with no agent running.
   */
  restore(key: string, nowMs: number, beforeMark: () => void): UpgradeBackup {
    const backup = this.read(key);
    if (!backup) throw new Error(`No upgrade backup ${key}`);
    if (backup.restoredAt === null) {
      const incoming = `${this.dataDir}.restoring`;
      copyData(join(this.folder(key), 'data'), incoming);
      rmSync(this.dataDir, { recursive: true, force: true });
      renameSync(incoming, this.dataDir);
    }
    beforeMark();
    if (backup.restoredAt !== null) return backup;
    const restored = { ...backup, restoredAt: nowMs };
    this.writeMarker(this.folder(key), restored);
    return restored;
  }
}
