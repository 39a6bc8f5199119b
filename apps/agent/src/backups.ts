import { appendFileSync, existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { cp, mkdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { BackupResult, RestoreResult } from '@replay/agent-protocol';
import { PID_FILE } from '@replay/local-process';
import { SESSIONS, folderBytes } from './data.ts';
import { INDEX_FILE } from './storage/index/schema.ts';
import type { SessionStore } from './storage/store.ts';
import { HttpError } from './http.ts';

/**
 * The instance's backups, beside its data folder (so a backup never holds older ones):
 *   ../backups/<name>/data/        the data folder as it was, without the pid file; its session
 *                                  index copied by SQLite's online backup first, then the chunks
 *                                  (so the chunks hold at least what the index does: the rest is
 *                                  read from them at restore, as after a crash)
 *   ../backups/<name>/backup.json  written last: a folder without it is half a copy
 * Both taken and put back while the agent runs. Names and restore ids are the console's,
 * so its retry after a crash finds the work done and does nothing twice.
 */

const BACKUP_MARKER = 'backup.json';
/** The restores done, one JSON line each, in the data folder: a restore id found here is not restored again. */
const RESTORES = 'restores.jsonl';

const backupFolder = (dataDir: string, name: string) => join(dirname(dataDir), 'backups', name);

function readMarker(folder: string): BackupResult | null {
  const marker = join(folder, BACKUP_MARKER);
  return existsSync(marker) ? (JSON.parse(readFileSync(marker, 'utf8')) as BackupResult) : null;
}

/** The live index's files: copied by SQLite's backup, never as files (a copy of a WAL database mid-write is not one). */
const isIndexFile = (name: string) => name === INDEX_FILE || name === `${INDEX_FILE}-wal` || name === `${INDEX_FILE}-shm`;

/** Copies the data folder (without its pid file) to ../backups/<name>: beside, then renamed, its marker written last. */
export async function backupDataDir(dataDir: string, store: SessionStore, nowMs: number, name: string): Promise<BackupResult> {
  const target = backupFolder(dataDir, name);
  const whole = readMarker(target);
  if (whole) return whole;
  const partial = `${target}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(join(partial, 'data'), { recursive: true });
  await store.backupIndex(join(partial, 'data', INDEX_FILE));
  const skipped = (source: string) => dirname(source) === dataDir && (basename(source) === PID_FILE || isIndexFile(basename(source)));
  await cp(dataDir, join(partial, 'data'), { recursive: true, filter: (source) => !skipped(source) });
  const result: BackupResult = { name, createdAt: nowMs, bytes: await folderBytes(join(partial, 'data')) };
  writeFileSync(join(partial, BACKUP_MARKER), JSON.stringify(result));
  await rm(target, { recursive: true, force: true });
  renameSync(partial, target);
  return result;
}

function restoreDone(dataDir: string, restoreId: string): RestoreResult | null {
  const file = join(dataDir, RESTORES);
  if (!existsSync(file)) return null;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const done = JSON.parse(line) as RestoreResult;
    if (done.restoreId === restoreId) return done;
  }
  return null;
}

/**
 * Puts the recordings of backup `name` in place of the instance's: its chunks, and its session
 * index (caught up with them after). Only the recordings: the configuration is the console's
 * (it stays as the console last applied it) and the used sign-in tokens stay used. The copy is
 * made beside the live folder while ingest goes on; the swap, the index's replacement and the
 * record of the restore then run in one synchronous stretch, so no write lands between them:
 * what was recorded after the backup is gone, what it held is back.
 */
export async function restoreSessions(dataDir: string, store: SessionStore, name: string, restoreId: string, nowMs: number): Promise<RestoreResult> {
  const done = restoreDone(dataDir, restoreId);
  if (done) return done;
  const source = backupFolder(dataDir, name);
  if (!readMarker(source)) throw new HttpError(404, `No backup named ${name}`);
  const live = join(dataDir, SESSIONS);
  const incoming = `${live}.restoring`;
  const replaced = `${live}.replaced`;
  await rm(incoming, { recursive: true, force: true });
  await rm(replaced, { recursive: true, force: true });
  const saved = join(source, 'data', SESSIONS);
  if (existsSync(saved)) await cp(saved, incoming, { recursive: true });
  else await mkdir(incoming, { recursive: true });
  const result: RestoreResult = { name, restoreId, restoredAt: nowMs, bytes: await folderBytes(incoming) };
  await store.restore(
    () => {
      if (existsSync(live)) renameSync(live, replaced);
      renameSync(incoming, live);
      appendFileSync(join(dataDir, RESTORES), `${JSON.stringify(result)}\n`);
    },
    join(source, 'data', INDEX_FILE),
  );
  await rm(replaced, { recursive: true, force: true });
  return result;
}

/** Removes the backup `name`; one already gone is fine. */
export async function deleteBackup(dataDir: string, name: string): Promise<{ name: string }> {
  await rm(backupFolder(dataDir, name), { recursive: true, force: true });
  return { name };
}

/**
 * At start, with the data folder locked: puts the whole data folder of backup `name`
 * (configuration included: an upgrade's rollback) in place of the instance's, unless
 * its marker says it was restored already, so a later start with the same setting keeps
 * what was recorded since. The pid file stays (it is the lock). The marker is written
 * last: a crash in between restores again, from the same backup.
 */
export async function restoreWholeBackupOnce(dataDir: string, name: string, nowMs: number): Promise<void> {
  const source = backupFolder(dataDir, name);
  const marker = readMarker(source) as (BackupResult & { restoredAt?: number }) | null;
  if (!marker) throw new Error(`No backup named ${name} to restore at start`);
  if (marker.restoredAt) return;
  const keep = (entry: string) => entry === PID_FILE;
  for (const entry of readdirSync(dataDir)) if (!keep(entry)) await rm(join(dataDir, entry), { recursive: true, force: true });
  for (const entry of readdirSync(join(source, 'data'))) if (!keep(entry)) await cp(join(source, 'data', entry), join(dataDir, entry), { recursive: true });
  writeFileSync(join(source, `${BACKUP_MARKER}.tmp`), JSON.stringify({ ...marker, restoredAt: nowMs }));
  renameSync(join(source, `${BACKUP_MARKER}.tmp`), join(source, BACKUP_MARKER));
}
