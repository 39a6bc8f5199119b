import { constants } from 'node:fs';
import { mkdir, open, readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * The chunk files: one append-only JSON-lines file per session and day,
 * sessions/<YYYY-MM-DD>/<sessionId>.jsonl (the day of the server's clock when a batch came).
 * A day's folder is what an operator looks at when the disk fills; a session that runs past
 * midnight gets a second chunk, so no file grows without bound and old days go as a whole.
 * The layout is the one earlier agents wrote, so their recordings are indexed as they are.
 */

export const SESSIONS = 'sessions';
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const DAY_MS = 24 * 60 * 60 * 1000;

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export interface ChunkRef {
  /** Relative to the data folder, with '/': the index's key. */
  path: string;
  day: string;
  sessionId: string;
}

export const chunkOf = (day: string, sessionId: string): ChunkRef => ({ path: `${SESSIONS}/${day}/${sessionId}.jsonl`, day, sessionId });

/** Every chunk file under sessions/, with its size; names that are not a day and a session id are not chunks. */
export async function listChunks(dataDir: string): Promise<(ChunkRef & { bytes: number })[]> {
  const found: (ChunkRef & { bytes: number })[] = [];
  const days = await readdir(join(dataDir, SESSIONS)).catch(() => [] as string[]);
  for (const day of days.filter((d) => DAY_PATTERN.test(d)).sort()) {
    const names = await readdir(join(dataDir, SESSIONS, day)).catch(() => [] as string[]);
    for (const name of names.sort()) {
      const sessionId = name.endsWith('.jsonl') ? name.slice(0, -'.jsonl'.length) : '';
      if (!SESSION_ID_PATTERN.test(sessionId)) continue;
      const ref = chunkOf(day, sessionId);
      const info = await stat(join(dataDir, ref.path)).catch(() => null);
      if (info?.isFile()) found.push({ ...ref, bytes: info.size });
    }
  }
  return found;
}

/** fsyncs a folder, so an entry just made in it (a file, a sub-folder) survives a crash of the host. */
async function syncFolder(path: string): Promise<void> {
  const handle = await open(path, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes `folder` and any missing parent, fsyncing the parent of each one made. */
async function makeFolders(folder: string): Promise<void> {
  const first = await mkdir(folder, { recursive: true });
  if (first === undefined) return;
  for (let made = folder; made.length >= first.length; made = dirname(made)) await syncFolder(dirname(made));
}

/** Opens a chunk to append, making its folders (fsynced) only when the open finds them missing. */
async function openChunk(path: string) {
  try {
    return await open(path, 'a+');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    await makeFolders(dirname(path));
    return open(path, 'a+');
  }
}

/**
 * Appends `text` to the chunk and fdatasyncs it before returning: when this resolves, the lines
 * are on the disk, and a new file's name is too (its folder is fsynced). A last line cut short
 * by a crash (never acknowledged) is closed with a newline first, so it cannot swallow the first
 * line written after it; `wholeAt` is a size at which the chunk is known to end with a whole
 * line (the index's), which spares reading its last byte. Answers the file's size before and
 * after. Callers serialize appends to one chunk (ChunkLocks).
 */
export async function appendDurably(dataDir: string, ref: ChunkRef, text: string, wholeAt?: number): Promise<{ before: number; after: number }> {
  const path = join(dataDir, ref.path);
  const handle = await openChunk(path);
  try {
    const { size } = await handle.stat();
    let prefix = '';
    if (size > 0 && size !== wholeAt) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      if (last[0] !== 0x0a) prefix = '\n';
    }
    const data = Buffer.from(prefix + text);
    await handle.write(data);
    await handle.datasync();
    if (size === 0) await syncFolder(dirname(path));
    return { before: size, after: size + data.length };
  } finally {
    await handle.close();
  }
}

/**
 * The whole lines of a chunk from byte `from` on, the offset after the last of them (a torn last
 * line is left for later) and the file's size; a chunk that is not there has size null.
 */
export async function readLinesFrom(dataDir: string, path: string, from: number): Promise<{ lines: string[]; end: number; size: number | null }> {
  const handle = await open(join(dataDir, path), 'r').catch(() => null);
  if (!handle) return { lines: [], end: from, size: null };
  try {
    const { size } = await handle.stat();
    if (size <= from) return { lines: [], end: from, size };
    const buffer = Buffer.alloc(size - from);
    await handle.read(buffer, 0, buffer.length, from);
    const whole = buffer.lastIndexOf(0x0a) + 1;
    return { lines: buffer.subarray(0, whole).toString('utf8').split('\n').slice(0, -1), end: from + whole, size };
  } finally {
    await handle.close();
  }
}

/**
 * One queue per chunk: an append, its index update, a catch-up read and a removal of the same
 * chunk run one after another, so the index never counts a batch twice or misses one.
 */
export class ChunkLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(path: string, work: () => Promise<T> | T): Promise<T> {
    const previous = this.tails.get(path) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    this.tails.set(path, tail);
    void tail.then(() => {
      if (this.tails.get(path) === tail) this.tails.delete(path);
    });
    return next;
  }
}
