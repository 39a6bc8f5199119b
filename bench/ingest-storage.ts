/**
 * Ingest into one real agent process: SESSIONS (100) sessions at once, each sending BATCHES
 * rrweb-shaped batches one after another (a tracker waits for its answer), every batch fsynced
 * and indexed before its 202. Figures: events per second, p99 ack latency, the agent's CPU
 * seconds (from /proc), and the stored bytes per session-minute ÷ the same session's rrweb
 * raw JSON (its events as one JSON array, what an export gives). The rate limits are raised
 * so the agent, not its flood limits, is measured.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startBenchAgent } from './agent';
import { fullSnapshot } from './rrweb-page';

const SESSIONS = Number(process.env.SESSIONS ?? 100);
const BATCHES = Number(process.env.BATCHES ?? 20);
/** Session time one batch covers: a tracker flushes every few seconds. */
const BATCH_MS = 10_000;
const PORT = Number(process.env.PORT ?? 47210);

/** One batch of a session: a page load on the first, then mouse moves, text mutations, clicks and an input. */
function batchOf(start: number, n: number): unknown[] {
  const t = start + n * BATCH_MS;
  const events: unknown[] =
    n === 0 ? [{ type: 4, timestamp: t, data: { href: 'https://shop.example/orders', width: 1280, height: 720 } }, fullSnapshot(t + 1, 200, (i) => `Order #${i} — shipped to customer ${i}`)] : [];
  for (let i = 0; i < 40; i++) events.push({ type: 3, timestamp: t + 10 + i * 200, data: { source: 1, positions: [{ x: 100 + i, y: 200 + i, id: 12, timeOffset: -50 }] } });
  for (let i = 0; i < 8; i++)
    events.push({ type: 3, timestamp: t + 20 + i * 900, data: { source: 0, texts: [{ id: 11 + 2 * i, value: `Order #${i} — delivered at ${t + i}` }], attributes: [], removes: [], adds: [] } });
  events.push({ type: 3, timestamp: t + 5_000, data: { source: 2, type: 2, id: 12, x: 140, y: 240 } });
  events.push({ type: 3, timestamp: t + 6_000, data: { source: 5, id: 13, text: '*****', isChecked: false } });
  return events;
}

const cpuSeconds = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

export interface IngestStorageFigures {
  sessions: number;
  batches: number;
  events: number;
  eventsPerSecond: number;
  p99Ms: number;
  agentCpuSeconds: number;
  wallSeconds: number;
  storedPerSessionMinute: number;
  rawPerSessionMinute: number;
  storedToRaw: number;
  withIndexToRaw: number;
}

export async function benchIngestStorage(): Promise<IngestStorageFigures> {
  const limits = {
    AGENT_CLIENT_REQUESTS_PER_SECOND: '1000000',
    AGENT_CLIENT_BYTES_PER_SECOND: '10000000000',
    AGENT_INSTANCE_REQUESTS_PER_SECOND: '1000000',
    AGENT_INSTANCE_BYTES_PER_SECOND: '10000000000',
    AGENT_MIN_FREE_MB: '0',
  };
  const agent = await startBenchAgent({ instanceId: 'bench-ingest', port: PORT, env: limits });
  const { child, dataDir, projectKey } = agent;
  try {
    const cpuBefore = cpuSeconds(child.pid!);
    const latencies: number[] = [];
    const rawBytes = new Map<string, number>();
    const started = performance.now();
    let events = 0;
    await Promise.all(
      Array.from({ length: SESSIONS }, async (_, s) => {
        const sessionId = `bench-${s}`;
        const all: unknown[] = [];
        for (let n = 0; n < BATCHES; n++) {
          const batch = batchOf(Date.UTC(2026, 0, 10) + s * 1000, n);
          const sentAt = performance.now();
          const res = await fetch(`${agent.url}/api/events`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${projectKey}`, 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' },
            body: JSON.stringify({ sessionId, events: batch, url: 'https://shop.example/orders', userId: `user-${s}` }),
          });
          await res.arrayBuffer();
          if (res.status !== 202) throw new Error(`batch answered ${res.status}`);
          latencies.push(performance.now() - sentAt);
          events += batch.length;
          all.push(...batch);
        }
        rawBytes.set(sessionId, Buffer.byteLength(JSON.stringify(all)));
      }),
    );
    const wallSeconds = (performance.now() - started) / 1000;
    const agentCpuSeconds = cpuSeconds(child.pid!) - cpuBefore;
    const day = new Date().toISOString().slice(0, 10);
    const stored = [...rawBytes.keys()].reduce((sum, id) => sum + statSync(join(dataDir, 'sessions', day, `${id}.jsonl`)).size, 0);
    const raw = [...rawBytes.values()].reduce((a, b) => a + b, 0);
    const index = ['', '-wal', '-shm'].reduce((sum, suffix) => sum + (statSync(join(dataDir, `index.sqlite${suffix}`), { throwIfNoEntry: false })?.size ?? 0), 0);
    const sessionMinutes = (SESSIONS * BATCHES * BATCH_MS) / 60_000;
    latencies.sort((a, b) => a - b);
    return {
      sessions: SESSIONS,
      batches: SESSIONS * BATCHES,
      events,
      eventsPerSecond: Math.round(events / wallSeconds),
      p99Ms: Math.round(latencies[Math.floor(latencies.length * 0.99)]! * 10) / 10,
      agentCpuSeconds: Math.round(agentCpuSeconds * 100) / 100,
      wallSeconds: Math.round(wallSeconds * 100) / 100,
      storedPerSessionMinute: Math.round(stored / sessionMinutes),
      rawPerSessionMinute: Math.round(raw / sessionMinutes),
      storedToRaw: Math.round((stored / raw) * 1000) / 1000,
      withIndexToRaw: Math.round(((stored + index) / raw) * 1000) / 1000,
    };
  } finally {
    await agent.stop();
  }
}

export function ingestStorageReport(f: IngestStorageFigures): string[] {
  return [
    `ingest into one agent (${f.sessions} sessions at once, ${f.batches} batches, ${f.events} rrweb events, each batch fsynced and indexed before its 202): ${f.eventsPerSecond} events/s, p99 ack ${f.p99Ms} ms, agent CPU ${f.agentCpuSeconds} s over ${f.wallSeconds} s`,
    `stored bytes per session-minute: ${f.storedPerSessionMinute} (rrweb raw JSON ${f.rawPerSessionMinute}): chunks ÷ raw ${f.storedToRaw}, with the index ${f.withIndexToRaw}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of ingestStorageReport(await benchIngestStorage())) console.log(line);
}
