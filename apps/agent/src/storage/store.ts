import { existsSync, statSync } from 'node:fs';
import { lstat, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type Database from 'better-sqlite3';
import { ChunkLocks, type ChunkRef, appendDurably, chunkOf, dayOf } from './chunks/files.ts';
import { type BatchHead, type StoredBatch, batchText } from './chunks/records.ts';
import { catchUp, catchUpChunk } from './index/catch-up.ts';
import { INDEX_FILE, openIndex } from './index/schema.ts';
import { IndexWriter } from './index/writer.ts';

/** A batch ready to append: its chunk, its text, and the bytes the write adds (what disk room is asked for). */
export interface PreparedBatch {
  ref: ChunkRef;
  batch: StoredBatch;
  text: string;
  bytes: number;
}

/**
 * The recorded sessions: chunk files (chunks/files.ts) and their index (index/). What ingest,
 * retention, the cleanup and its preview, backups and the session API act on.
 *
 * Order of a write: the chunk is appended and fdatasynced (its folder fsynced when the file is
 * new), then the index is updated in one transaction, then ingest answers 202. A crash after the
 * fsync loses nothing acknowledged; a crash before the index commit leaves the index behind the
 * chunk, and catch-up reads the rest at the next start. Retention, cleanups and restores run one
 * at a time (`exclusive`); appends to one chunk run one at a time (ChunkLocks).
 */
export class SessionStore {
  readonly dataDir: string;
  readonly db: Database.Database;
  private readonly writer: IndexWriter;
  private readonly locks = new ChunkLocks();
  /** Bumped by a restore: an append begun before it does not write the replaced index. */
  private generation = 0;
  private maintenance: Promise<unknown> = Promise.resolve();
  /** The index's files' bytes when last measured (indexGrowth). */
  private indexBytes = 0;

  private constructor(dataDir: string) {
    this.dataDir = dataDir;
    this.db = openIndex(join(dataDir, INDEX_FILE));
    this.writer = new IndexWriter(this.db);
    this.indexGrowth();
  }

  /**
   * What the index's files (the database, its WAL and shared memory) grew by since last asked,
   * so ingest counts the disk byte for byte without walking the folder: three stats.
   */
  indexGrowth(): number {
    const file = join(this.dataDir, INDEX_FILE);
    const now = ['', '-wal', '-shm'].reduce((sum, suffix) => sum + (statSync(`${file}${suffix}`, { throwIfNoEntry: false })?.size ?? 0), 0);
    const grown = now - this.indexBytes;
    this.indexBytes = now;
    return grown;
  }

  /** Opens the index and brings it level with the chunks. */
  static async open(dataDir: string): Promise<SessionStore> {
    const store = new SessionStore(dataDir);
    await store.exclusive(() => store.catchUp());
    return store;
  }

  close(): void {
    this.db.close();
  }

  /** Runs `work` after every earlier maintenance work, alone among them. */
  exclusive<T>(work: () => Promise<T> | T): Promise<T> {
    const next = this.maintenance.then(work, work);
    this.maintenance = next.catch(() => undefined);
    return next;
  }

  catchUp(): Promise<void> {
    return catchUp(this.dataDir, this.writer, this.locks);
  }

  prepare(sessionId: string, head: Omit<BatchHead, 'type'>, events: unknown[]): PreparedBatch {
    const batch: StoredBatch = { head: { type: 'replay.batch', ...head }, events };
    const text = batchText(batch);
    return { ref: chunkOf(dayOf(head.at), sessionId), batch, text, bytes: Buffer.byteLength(text) };
  }

  /** Resolves once the batch is on the disk (fsynced) and in the index. */
  append({ ref, batch, text }: PreparedBatch): Promise<void> {
    return this.locks.run(ref.path, async () => {
      const generation = this.generation;
      const indexed = this.writer.chunk(ref.path);
      const { before, after } = await appendDurably(this.dataDir, ref, text, indexed && indexed.bytes === indexed.indexed ? indexed.indexed : undefined);
      const known = this.writer.chunk(ref.path);
      // The index read up to the start of this write (it always does but after a crash or a
      // restore): add just this batch; else read the chunk from where the index stopped.
      if (generation === this.generation && (known?.indexed ?? 0) === before) this.writer.add(ref, [batch], { bytes: after, indexed: after }, batch.head.at);
      else await catchUpChunk(this.dataDir, this.writer, ref);
    });
  }

  /**
   * Removes every session whose last batch came at or before `cutoff` (its chunks and its
   * rows): the bytes answered are the files' sizes as removed. A session that sent again while
   * this ran is kept (its removed chunks are then found missing and it is indexed again).
   */
  removeReceivedBy(cutoff: number): Promise<{ removedDays: string[]; removedBytes: number }> {
    return this.exclusive(async () => {
      await this.catchUp();
      const expired = this.db
        .prepare<[number], { id: string }>('SELECT id FROM sessions WHERE received_at <= ?')
        .all(cutoff)
        .map((s) => s.id);
      const days = new Set<string>();
      let removedBytes = 0;
      const stillExpired = (id: string) => (this.db.prepare<[string], { at: number }>('SELECT received_at AS at FROM sessions WHERE id = ?').get(id)?.at ?? cutoff) <= cutoff;
      for (const id of expired) {
        const chunks = this.db.prepare<[string], { path: string; day: string }>('SELECT path, day FROM chunks WHERE session_id = ?').all(id);
        for (const chunk of chunks) {
          await this.locks.run(chunk.path, async () => {
            if (!stillExpired(id)) return;
            const path = join(this.dataDir, chunk.path);
            removedBytes += (await lstat(path).catch(() => ({ size: 0 }))).size;
            await rm(path, { force: true });
            days.add(chunk.day);
          });
        }
        if (stillExpired(id)) this.writer.forget([id]);
      }
      for (const day of days) await rmdir(join(this.dataDir, dirname(chunkOf(day, 'x').path))).catch(() => undefined);
      return { removedDays: [...days].sort(), removedBytes };
    });
  }

  /** What `removeReceivedBy` would free for each cutoff, and what every session takes together. */
  bytesReceivedBy(cutoffs: readonly number[]): Promise<{ freed: number[]; total: number }> {
    return this.exclusive(async () => {
      await this.catchUp();
      const sum = this.db.prepare<[number], { bytes: number | null }>('SELECT sum(bytes) AS bytes FROM sessions WHERE received_at <= ?');
      const total = this.db.prepare<[], { bytes: number | null }>('SELECT sum(bytes) AS bytes FROM sessions').get()?.bytes ?? 0;
      return { freed: cutoffs.map((cutoff) => sum.get(cutoff)?.bytes ?? 0), total };
    });
  }

  /** A consistent copy of the index (SQLite's online backup), for a backup taken before its chunks are copied. */
  async backupIndex(file: string): Promise<void> {
    await this.db.backup(file);
  }

  /**
   * After `swap` (synchronous: puts the restored chunks in place), the index is the backup's
   * (`backupIndex`, or empty for a backup without one), then caught up with the chunks.
   */
  restore(swap: () => void, backupIndex: string): Promise<void> {
    return this.exclusive(async () => {
      this.generation++;
      swap();
      this.writer.replaceWith(existsSync(backupIndex) ? backupIndex : null);
      await this.catchUp();
    });
  }
}
