import { type ChunkLocks, type ChunkRef, DAY_MS, listChunks, readLinesFrom } from '../chunks/files.ts';
import { batchesOf } from '../chunks/records.ts';
import type { IndexWriter } from './writer.ts';

/** Lines written without a batch head are dated the end of their chunk's day: what retention went by before heads. */
export const undatedAtOf = (day: string): number => Date.parse(`${day}T00:00:00Z`) + DAY_MS;

/**
 * Reads what the index has not of one chunk (from the offset it read to), under the chunk's
 * lock. The caller holds the lock.
 */
export async function catchUpChunk(dataDir: string, writer: IndexWriter, ref: ChunkRef): Promise<void> {
  const known = writer.chunk(ref.path);
  const { lines, end, size } = await readLinesFrom(dataDir, ref.path, known?.indexed ?? 0);
  if (size === null || (known && known.bytes === size && known.indexed === end)) return;
  writer.add(ref, batchesOf(lines, undatedAtOf(ref.day)), { bytes: size, indexed: end }, undatedAtOf(ref.day));
}

/**
 * Brings the index level with the chunks: at start (a crash between a chunk's fsync and the
 * index's commit, a host crash that lost the last commits, a deleted index), after a restore,
 * and before anything that frees space (files put in place by hand are counted, and freed).
 * A session whose index is ahead of its files (a chunk gone or shorter) is indexed again from
 * its files. The index's chunks are read before the files are listed: files only grow, so a
 * chunk seen shorter than indexed really is.
 */
export async function catchUp(dataDir: string, writer: IndexWriter, locks: ChunkLocks): Promise<void> {
  const known = writer.chunks();
  const onDisk = await listChunks(dataDir);
  const sizes = new Map(onDisk.map((c) => [c.path, c.bytes]));
  const stale = new Set<string>();
  for (const [path, state] of known) if ((sizes.get(path) ?? -1) < state.indexed) stale.add(state.sessionId);
  writer.forget(stale);
  for (const chunk of onDisk) await locks.run(chunk.path, () => catchUpChunk(dataDir, writer, chunk));
}
