import { afterAll, describe, expect, it } from 'vitest';
import { DiskUsage, FREE_SPACE_SAMPLE_MS } from '../src/disk.ts';
import { cleanUp, tempDir } from './support.ts';

afterAll(cleanUp);

const MB = 1024 * 1024;

/** A host file system with `freeBytes` free, counting how often it is asked. */
function fakeHost(freeBytes: number) {
  const host = { freeBytes, asked: 0 };
  const probe = async () => {
    host.asked++;
    return { bavail: host.freeBytes / 4096, bsize: 4096 };
  };
  return { host, probe };
}

describe("the host's free space", () => {
  it('is asked at most once per sampling period, however many writes come, and what is written in between is taken off', async () => {
    let now = 1_000_000;
    const { host, probe } = fakeHost(100 * MB);
    const disk = new DiskUsage(tempDir(), { diskGb: 120, minFreeBytes: 90 * MB, now: () => now, probe });
    await disk.refresh();

    // Ten concurrent writes share one question.
    await Promise.all(Array.from({ length: 10 }, () => disk.sampleFreeSpace()));
    expect(host.asked).toBe(1);
    for (let i = 0; i < 9; i++) {
      await disk.sampleFreeSpace();
      disk.assertRoom(MB);
      disk.wrote(MB);
    }
    expect(host.asked).toBe(1);
    // 100 MB free less the 9 MB written: one more would leave 90 MB, two more would cross the margin.
    expect(() => disk.assertRoom(MB)).not.toThrow();
    expect(() => disk.assertRoom(2 * MB)).toThrow(expect.objectContaining({ status: 507 }));

    // Another process freed space: seen once the sample is old, and not before.
    host.freeBytes = 500 * MB;
    now += FREE_SPACE_SAMPLE_MS - 1;
    await disk.sampleFreeSpace();
    expect(host.asked).toBe(1);
    expect(() => disk.assertRoom(2 * MB)).toThrow(expect.objectContaining({ status: 507 }));
    now += 1;
    await disk.sampleFreeSpace();
    expect(host.asked).toBe(2);
    expect(() => disk.assertRoom(2 * MB)).not.toThrow();
  });

  it('without an answer from the host, still holds writes to the declared disk, and asks (and logs) once per period', async () => {
    let asked = 0;
    const errors: unknown[] = [];
    const disk = new DiskUsage(tempDir(), {
      diskGb: 0.001,
      minFreeBytes: MB,
      now: () => 0,
      probe: async () => {
        asked++;
        throw new Error('ENOSYS');
      },
      onProbeError: (e) => errors.push(e),
    });
    await disk.refresh();
    for (let i = 0; i < 3; i++) await disk.sampleFreeSpace();
    expect([asked, errors.length]).toEqual([1, 1]);
    expect(() => disk.assertRoom(1000)).not.toThrow();
    expect(() => disk.assertRoom(2 * MB)).toThrow(expect.objectContaining({ status: 507 }));
  });
});
