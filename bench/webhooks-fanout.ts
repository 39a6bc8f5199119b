/**
 * Webhook fan-out on PostgreSQL (BENCH_DATABASE_URL, default the local server): one
 * account with 10 webhooks, each to a receiver of its own on loopback, all subscribed
 * to `role.created`; 1,000 events committed one transaction each (as 1,000 changes
 * would), each fanned out by the after-commit consumer to 10 deliveries and sent by
 * the webhook sender (the console's own path: commit → NOTIFY → fan-out → delivery
 * rows → NOTIFY → sender). Figures: deliveries per second from the first commit to
 * the last delivery, and the p50/p99 from an event's commit to its arrival at a
 * receiver. A temp database is created and dropped afterwards. Figures only; a lost
 * or doubled delivery is reported as a failure.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { emitEvent } from '../apps/server/src/events/emit';
import { startBenchConsole, withTempDatabase, type BenchConsole } from './support';

const EVENTS = Number(process.env.EVENTS ?? 1_000);
const ENDPOINTS = 10;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function benchWebhooksFanout() {
  const receivers: Server[] = [];
  try {
    return await withTempDatabase(async (database, databaseUrl) => {
      const served = await startBenchConsole(database, databaseUrl, { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
      try {
        return await measure(served, receivers);
      } finally {
        await served.stop();
      }
    });
  } finally {
    await Promise.all(receivers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }
}

/** The receivers (kept in `receivers` for the caller to close), the account and its webhooks, then the events and their deliveries. */
async function measure({ app, runtime, origin }: BenchConsole, receivers: Server[]) {
  // The Host the injected calls name (the console answers only its PUBLIC_URL's).
  const host = new URL(origin).host;

  const committedAt = new Map<string, number>();
  const latencies: number[] = [];
  const seen = new Set<string>();
  let doubled = 0;
  let allArrived: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (allArrived = resolve));
  let lastArrival = 0;
  for (let i = 0; i < ENDPOINTS; i++) {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const now = performance.now();
        const key = `${i}:${String(req.headers['webhook-id'])}`;
        if (seen.has(key)) doubled += 1;
        seen.add(key);
        const at = committedAt.get(String(req.headers['webhook-id']).slice(4));
        if (at !== undefined) latencies.push(now - at);
        lastArrival = now;
        res.end('ok');
        if (seen.size === EVENTS * ENDPOINTS) allArrived();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receivers.push(server);
  }

  const signup = await app.inject({
    method: 'POST',
    url: '/api/signup',
    headers: { host },
    payload: { fullname: 'Bench Owner', organizationName: 'Bench', email: `bench-${Date.now()}@example.com`, password: 'Bench-pass1!' },
  });
  if (signup.statusCode !== 201) throw new Error(`signup answered ${signup.statusCode}: ${signup.body}`);
  const { user, jwt } = (signup.json() as { data: { user: { tenantId: string; userId: string; name: string }; jwt: string } }).data;
  for (const [i, server] of receivers.entries()) {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/webhooks',
      headers: { host, authorization: `Bearer ${jwt}` },
      payload: { name: `Receiver ${i}`, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, eventTypes: ['role.created'] },
    });
    if (res.statusCode !== 200) throw new Error(`saving a webhook answered ${res.statusCode}: ${res.body}`);
  }
  await runtime.drain(); // the webhooks' own events, before the clock starts

  const started = performance.now();
  for (let i = 0; i < EVENTS; i++) {
    const eventId = await runtime.ctx.db.transaction((tx) =>
      emitEvent(tx, { type: 'role.created', tenantId: user.tenantId, actor: { userId: user.userId, name: user.name }, at: Date.now(), role: { id: randomUUID(), name: `Role ${i}` } }),
    );
    committedAt.set(eventId, performance.now());
  }
  const committed = performance.now() - started;
  const timeout = setTimeout(() => allArrived(), 300_000);
  await arrived;
  clearTimeout(timeout);
  const elapsed = lastArrival - started;
  latencies.sort((a, b) => a - b);
  return {
    events: EVENTS,
    endpoints: ENDPOINTS,
    delivered: seen.size,
    doubled,
    commitSeconds: committed / 1000,
    seconds: elapsed / 1000,
    perSecond: Math.round(seen.size / (elapsed / 1000)),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
  };
}

export function fanoutReport(r: Awaited<ReturnType<typeof benchWebhooksFanout>>): string[] {
  const lost = r.events * r.endpoints - r.delivered;
  return [
    `webhooks fan-out, ${r.events} events × ${r.endpoints} endpoints on loopback (PostgreSQL, one process): ${r.perSecond} deliveries/s (${r.delivered} in ${r.seconds.toFixed(1)} s; events committed in ${r.commitSeconds.toFixed(1)} s); event → delivery p50 ${r.p50} ms, p99 ${r.p99} ms${lost || r.doubled ? ` — FAILURE: ${lost} lost, ${r.doubled} doubled` : ''}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of fanoutReport(await benchWebhooksFanout())) console.log(line);
}
