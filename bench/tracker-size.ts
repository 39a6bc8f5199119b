/**
 * The tracker's weight on a customer's page: the built browser script (packages/tracker,
 * rrweb's recorder inside), raw and gzip-compressed at level 9 as a server would send it.
 * Goal ≤ 40 kB gzip; Sentry's replay CDN bundle, rrweb inside too, is 42–48 kB gzip.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildTracker } from '../packages/tracker/build.mjs';

export const TRACKER_GZIP_GOAL = 40 * 1024;

export async function benchTrackerSize(): Promise<{ rawBytes: number; gzipBytes: number }> {
  const { dist } = await buildTracker();
  const script = readFileSync(join(dist, 'tracker.js'));
  return { rawBytes: script.length, gzipBytes: gzipSync(script, { level: 9 }).length };
}

export function trackerSizeReport(r: { rawBytes: number; gzipBytes: number }): string[] {
  const kb = (n: number) => (n / 1024).toFixed(1);
  return [`tracker script: ${kb(r.rawBytes)} kB raw, ${kb(r.gzipBytes)} kB gzip (goal ≤ ${kb(TRACKER_GZIP_GOAL)} kB; ${(r.gzipBytes / TRACKER_GZIP_GOAL).toFixed(2)} of it)`];
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of trackerSizeReport(await benchTrackerSize())) console.log(line);
