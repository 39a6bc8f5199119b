import { statfs } from 'node:fs/promises';
import { RECORDING_STOPS_AT_PERCENT } from '@replay/agent-protocol/plain';
import { folderBytes } from './data.ts';
import { HttpError } from './http.ts';

const GB = 1024 ** 3;
/**
 * What a full disk's 507 tells trackers to wait before they send again (they keep their queue
 * meanwhile): room comes back from a member's cleanup or resize, not within seconds, and a
 * minute's wait costs a tracker's bounded queue little.
 */
export const DISK_FULL_RETRY_SECONDS = 60;
const stopped = (message: string) => new HttpError(507, message, { 'Retry-After': String(DISK_FULL_RETRY_SECONDS) });
/** The spec's critical alert says "session recordings are stopped": so does every refusal for room. */
export const DISK_FULL = 'The disk is full and session recordings are stopped';
export const HOST_DISK_LOW = "The host's disk is almost full and session recordings are stopped";
export const HOST_DISK_FULL = "The host's disk is full and session recordings are stopped";
export const diskFullError = (message: string = HOST_DISK_FULL): HttpError => stopped(message);
/** The host's free space is asked at most this often; what the agent writes in between is taken off the last answer. */
export const FREE_SPACE_SAMPLE_MS = 5_000;

export type FreeSpaceProbe = (path: string) => Promise<{ bavail: number; bsize: number }>;

export interface DiskOptions {
  diskGb: number;
  /** Writes are refused before the host's free space falls under this. */
  minFreeBytes: number;
  now: () => number;
  /** Tests count the calls; the agent asks the file system. */
  probe?: FreeSpaceProbe;
  onProbeError?: (error: unknown) => void;
}

/**
 * The instance's disk: its declared size, the bytes its data folder holds,
 * and the host's free space. The bytes are counted as ingest writes them,
 * from one walk of the folder at start and after anything that removes or
 * adds files on its own (cleanup, retention), so a stats read or a write
 * never walks the folder. Everything that decides whether a write fits is
 * synchronous once `sampleFreeSpace` has resolved, so two writes in flight
 * cannot both take the last room.
 */
export class DiskUsage {
  private used = 0;
  /** Every byte ingest ever wrote: a walk adds what was written while it ran, which it may not have seen. */
  private written = 0;
  private diskGbValue: number;
  /** The host's free bytes at the last answer, less what ingest wrote since; null before any answer. */
  private freeBytes: number | null = null;
  private askedAt = Number.NEGATIVE_INFINITY;
  private asking: Promise<void> | null = null;
  private readonly dataDir: string;
  private readonly opts: Required<DiskOptions>;

  constructor(dataDir: string, options: DiskOptions) {
    this.dataDir = dataDir;
    this.diskGbValue = options.diskGb;
    this.opts = { probe: statfs, onProbeError: () => {}, ...options };
  }

  get usedBytes(): number {
    return this.used;
  }

  get diskGb(): number {
    return this.diskGbValue;
  }

  get totalBytes(): number {
    return this.diskGbValue * GB;
  }

  setDiskGb(diskGb: number): void {
    this.diskGbValue = diskGb;
  }

  /**
   * Walks the data folder once. Bytes written during the walk are added on
   * top, so the count may briefly run high (never low) until the next walk.
   */
  async refresh(): Promise<number> {
    const writtenBefore = this.written;
    const walked = await folderBytes(this.dataDir);
    this.used = walked + (this.written - writtenBefore);
    return this.used;
  }

  /**
   * Asks the host's free space when the last question is FREE_SPACE_SAMPLE_MS
   * old, whatever its answer: a failing file system is not asked (nor logged)
   * on every write. Writes meanwhile wait on the question in flight.
   */
  sampleFreeSpace(): Promise<void> {
    const now = this.opts.now();
    if (now - this.askedAt < FREE_SPACE_SAMPLE_MS) return this.asking ?? Promise.resolve();
    this.askedAt = now;
    this.asking = this.opts
      .probe(this.dataDir)
      .then(
        ({ bavail, bsize }) => {
          this.freeBytes = Number(bavail) * Number(bsize);
        },
        // Without an answer the declared disk still limits writes, and the last answer, if any, stands.
        (e: unknown) => this.opts.onProbeError(e),
      )
      .finally(() => {
        this.asking = null;
      });
    return this.asking;
  }

  /**
   * 507 with Retry-After when the disk is at RECORDING_STOPS_AT_PERCENT
   * already (recording stops until a cleanup or a resize makes room: the
   * console's critical alert says so), when `bytes` more would overflow the
   * declared disk, or bring the host's free space under the margin.
   */
  assertRoom(bytes: number): void {
    if (this.used >= (this.totalBytes * RECORDING_STOPS_AT_PERCENT) / 100 || this.used + bytes > this.totalBytes) throw stopped(DISK_FULL);
    if (this.freeBytes !== null && this.freeBytes - bytes < this.opts.minFreeBytes) throw stopped(HOST_DISK_LOW);
  }

  /** Counts bytes ingest has just written. */
  wrote(bytes: number): void {
    this.used += bytes;
    this.written += bytes;
    if (this.freeBytes !== null) this.freeBytes -= bytes;
  }
}
