/**
 * An open-loop load at a steady rate: one request every 1000/rate ms, sent whether or not
 * the earlier ones have answered, as thousands of independent consoles polling do. autocannon's
 * `overallRate` is not that: each connection sends its quota for the second back to back and
 * then waits, so every second opens with a burst of 50 requests in flight and the p99 it
 * reports is that burst's queue. Runs in a worker thread of its own, so the load's work is not
 * the console's event loop. Latency is measured from each request's send to its last byte.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';

export type PacedLoad = { url: string; headers: Record<string, string>; rate: number; durationS: number; connections: number };
export type PacedFigures = { rps: number; p50: number; p99: number; non2xx: number };

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}

async function runLoad({ url, headers, rate, durationS, connections }: PacedLoad): Promise<PacedFigures> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections });
  const latencies: number[] = [];
  let non2xx = 0;
  const inFlight = new Set<Promise<void>>();
  const intervalMs = 1000 / rate;
  const start = performance.now();
  let sent = 0;
  while (performance.now() - start < durationS * 1000) {
    const due = Math.floor((performance.now() - start) / intervalMs) + 1;
    for (; sent < due; sent++) {
      const sentAt = performance.now();
      const request = pool
        .request({ path: target.pathname + target.search, method: 'GET', headers })
        .then(async (res) => {
          await res.body.dump();
          latencies.push(performance.now() - sentAt);
          if (res.statusCode < 200 || res.statusCode >= 300) non2xx++;
        })
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    }
    await sleep(1);
  }
  await Promise.all(inFlight);
  const elapsedS = (performance.now() - start) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return { rps: Math.round(latencies.length / elapsedS), p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), non2xx };
}

/** Runs the load in a worker thread and answers its figures. */
export function pacedLoad(load: PacedLoad): Promise<PacedFigures> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: load });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

if (!isMainThread && workerData) {
  parentPort!.postMessage(await runLoad(workerData as PacedLoad));
}
