import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CleanupResult } from '@replay/agent-protocol';
import { DAY_MS, SESSION_ID_PATTERN, SESSIONS, dayOf } from './storage/chunks/files.ts';
import { listSessions } from './storage/query/list.ts';
import type { SessionStore } from './storage/store.ts';

/**
 * The agent's data folder: recorded sessions (chunk files under sessions/<YYYY-MM-DD>/ and
 * their index, index.sqlite: storage/), JavaScript errors in errors/<YYYY-MM-DD>.jsonl (both
 * kept for the data retention), source maps in source-maps/ (kept until replaced or removed:
 * source-maps/store.ts), config.json, the used login tokens, and the pid file. Backups
 * go beside it in ../backups, so a backup never contains older backups.
 */

export { SESSION_ID_PATTERN, SESSIONS, dayOf };
export const ERRORS = 'errors';
const USED_TOKENS = 'used-tokens.jsonl';
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Bytes under a folder, symlinks counted as themselves and never followed. */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(path);
    else total += (await lstat(path).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** The errors' day files (errors/<day>.jsonl), oldest first, each with the time its whole day ended and its size. */
async function errorDays(dataDir: string): Promise<{ day: string; path: string; endsAt: number; bytes: number }[]> {
  const dir = join(dataDir, ERRORS);
  const names = existsSync(dir) ? await readdir(dir) : [];
  const days = names.filter((n) => n.endsWith('.jsonl') && DAY_PATTERN.test(n.slice(0, -'.jsonl'.length))).sort();
  const found = [];
  for (const name of days) {
    const path = join(dir, name);
    const bytes = (await lstat(path).catch(() => ({ size: 0 }))).size;
    found.push({ day: name.slice(0, -'.jsonl'.length), path, endsAt: Date.parse(`${name.slice(0, 10)}T00:00:00Z`) + DAY_MS, bytes });
  }
  return found;
}

/**
 * The one rule of what a cleanup of `days` removes: a session whose last batch came, or an
 * errors' day that ended, at or before this time.
 */
const cutoffOf = (days: number, nowMs: number): number => nowMs - days * DAY_MS;

/** Removes every session that ended, and every errors' day file whose day ended, more than `days` days ago. */
export async function removeOlderThan(dataDir: string, store: SessionStore, days: number, nowMs: number): Promise<CleanupResult> {
  const cutoff = cutoffOf(days, nowMs);
  // Asynchronous throughout, so health checks keep answering while a large cleanup runs.
  const sessions = await store.removeReceivedBy(cutoff);
  const removedDays = new Set(sessions.removedDays);
  let removedBytes = sessions.removedBytes;
  for (const file of await errorDays(dataDir)) {
    if (file.endsAt > cutoff) continue;
    removedBytes += file.bytes;
    await rm(file.path, { force: true });
    removedDays.add(file.day);
  }
  return { removedDays: [...removedDays].sort(), removedBytes, cleanedAt: nowMs };
}

/**
 * What `removeOlderThan` would free for each age, now, removing nothing (the sessions' bytes
 * are their chunks' sizes, from the index caught up with the files first), and what every
 * session and errors' day kept takes together (`recordedBytes`).
 */
export async function cleanupPreview(dataDir: string, store: SessionStore, ages: readonly number[], nowMs: number): Promise<{ ages: { days: number; bytes: number }[]; recordedBytes: number }> {
  const cutoffs = ages.map((days) => cutoffOf(days, nowMs));
  const sessions = await store.bytesReceivedBy(cutoffs);
  const errors = await errorDays(dataDir);
  return {
    ages: ages.map((days, i) => ({ days, bytes: sessions.freed[i]! + errors.filter((f) => f.endsAt <= cutoffs[i]!).reduce((sum, f) => sum + f.bytes, 0) })),
    recordedBytes: sessions.total + errors.reduce((sum, f) => sum + f.bytes, 0),
  };
}

/**
 * Login token ids and answered SAML request ids already used, kept on disk so that a
 * restarted agent still refuses them. Ids whose token has expired are dropped on load: an expired
 * token is refused anyway.
 */
export class UsedTokens {
  private readonly file: string;
  private readonly used = new Map<string, number>();

  constructor(dataDir: string, nowMs: number) {
    this.file = join(dataDir, USED_TOKENS);
    const lines = existsSync(this.file) ? readFileSync(this.file, 'utf8').split('\n') : [];
    for (const line of lines) {
      try {
        const { jti, exp } = JSON.parse(line) as { jti: string; exp: number };
        if (exp * 1000 > nowMs) this.used.set(jti, exp);
      } catch {
        // A line cut short by a crash: the ids before it are intact.
      }
    }
    writeFileSync(this.file, [...this.used].map(([jti, exp]) => `${JSON.stringify({ jti, exp })}\n`).join(''));
  }

  /** Whether `jti` was consumed already. */
  has(jti: string): boolean {
    return this.used.has(jti);
  }

  /** True the first time an id is seen, false ever after; written to disk before it returns. */
  consume(jti: string, exp: number): boolean {
    if (this.used.has(jti)) return false;
    appendFileSync(this.file, `${JSON.stringify({ jti, exp })}\n`);
    this.used.set(jti, exp);
    return true;
  }
}

export interface Recording {
  day: string;
  sessionId: string;
}

/** The newest sessions, at most `limit`, each with the day it started: what the instance's home page lists. */
export function listRecordings(store: SessionStore, limit: number): Recording[] {
  return listSessions(store.db, { meta: [], limit }).sessions.map((s) => ({ day: dayOf(s.startedAt), sessionId: s.sessionId }));
}
