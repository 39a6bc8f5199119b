import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CleanupResult } from '@replay/agent-protocol';

/**
 * The agent's data folder: recorded sessions under sessions/<YYYY-MM-DD>/, JavaScript
 * errors in errors/<YYYY-MM-DD>.jsonl (both kept for the data retention), config.json, the
 * used login tokens, and the pid file. Backups go beside it
 * in ../backups, so a backup never contains older backups.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSIONS = 'sessions';
export const ERRORS = 'errors';
const USED_TOKENS = 'used-tokens.jsonl';

export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Events as the JSON lines they are stored as; their byte length is what a write adds to the disk. */
export function eventLines(events: unknown[]): string {
  return events.map((event) => `${JSON.stringify(event)}\n`).join('');
}

/** Appends JSON lines to today's file of the session. */
export function appendEvents(dataDir: string, sessionId: string, lines: string, nowMs: number): void {
  if (!SESSION_ID_PATTERN.test(sessionId)) throw new Error('Invalid session id');
  const folder = join(dataDir, SESSIONS, dayOf(nowMs));
  mkdirSync(folder, { recursive: true });
  appendFileSync(join(folder, `${sessionId}.jsonl`), lines);
}

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

/** Bytes of a day's entry: a folder's contents, or a file's size. */
async function entryBytes(path: string): Promise<number> {
  const info = await lstat(path).catch(() => null);
  if (!info) return 0;
  return info.isDirectory() ? folderBytes(path) : info.size;
}

/**
 * What the data retention removes by day, oldest first, each with the time its whole day ended:
 * the session day folders (sessions/<day>/) and the errors' day files (errors/<day>.jsonl).
 */
async function dayFolders(dataDir: string): Promise<{ day: string; path: string; endsAt: number }[]> {
  const entries: { day: string; path: string }[] = [];
  const sessions = join(dataDir, SESSIONS);
  if (existsSync(sessions)) for (const day of await readdir(sessions)) entries.push({ day, path: join(sessions, day) });
  const errors = join(dataDir, ERRORS);
  if (existsSync(errors)) for (const name of await readdir(errors)) if (name.endsWith('.jsonl')) entries.push({ day: name.slice(0, -'.jsonl'.length), path: join(errors, name) });
  return entries
    .map((e) => ({ ...e, endsAt: Date.parse(`${e.day}T00:00:00Z`) + DAY_MS }))
    .filter((e) => DAY_PATTERN.test(e.day) && !Number.isNaN(e.endsAt))
    .sort((a, b) => a.endsAt - b.endsAt || a.path.localeCompare(b.path));
}

/** The one rule of what a cleanup of `days` removes: a day folder whose whole day ended more than `days` days ago. */
const expiresBy = (endsAt: number, days: number, nowMs: number): boolean => endsAt <= nowMs - days * DAY_MS;

/** Removes every day folder whose whole day ended more than `days` days ago. */
export async function removeOlderThan(dataDir: string, days: number, nowMs: number): Promise<CleanupResult> {
  const removedDays: string[] = [];
  let removedBytes = 0;
  // Asynchronous throughout, so health checks keep answering while a large cleanup runs.
  for (const folder of await dayFolders(dataDir)) {
    if (!expiresBy(folder.endsAt, days, nowMs)) continue;
    removedBytes += await entryBytes(folder.path);
    await rm(folder.path, { recursive: true, force: true });
    if (!removedDays.includes(folder.day)) removedDays.push(folder.day);
  }
  return { removedDays, removedBytes, cleanedAt: nowMs };
}

/**
 * What `removeOlderThan` would free for each age, now, removing nothing, and what every day kept
 * takes together (`recordedBytes`): each day folder is measured once.
 */
export async function cleanupPreview(
  dataDir: string,
  ages: readonly number[],
  nowMs: number,
): Promise<{ ages: { days: number; bytes: number }[]; recordedBytes: number }> {
  const sized: { endsAt: number; bytes: number }[] = [];
  for (const folder of await dayFolders(dataDir)) sized.push({ ...folder, bytes: await entryBytes(folder.path) });
  return {
    ages: ages.map((days) => ({ days, bytes: sized.filter((f) => expiresBy(f.endsAt, days, nowMs)).reduce((sum, f) => sum + f.bytes, 0) })),
    recordedBytes: sized.reduce((sum, f) => sum + f.bytes, 0),
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

/** The recorded sessions, newest day first, at most `limit`: what the instance's home page lists. */
export async function listRecordings(dataDir: string, limit: number): Promise<Recording[]> {
  const found: Recording[] = [];
  for (const folder of (await dayFolders(dataDir)).reverse()) {
    const files = (await readdir(folder.path).catch(() => [] as string[])).filter((f) => f.endsWith('.jsonl')).sort();
    for (const file of files) {
      found.push({ day: folder.day, sessionId: file.slice(0, -'.jsonl'.length) });
      if (found.length >= limit) return found;
    }
  }
  return found;
}
