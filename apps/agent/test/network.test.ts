import { createServer, request, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkMeter } from '../src/network.ts';
import { agentForTests, sendEvents, stats, type RunningAgent } from './support.ts';

/** One request with a body of `size` bytes and an answer of `answer` bytes, on a connection of its own. */
function exchange(port: number, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', method: 'POST', path: '/', agent: false }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end(Buffer.alloc(size, 'x'));
  });
}

describe('the network meter', () => {
  let server: Server;
  let port: number;
  let clock = Date.UTC(2026, 0, 1, 12, 0, 30);
  const meter = new NetworkMeter(() => clock);
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end(Buffer.alloc(1000, 'y')));
    });
    meter.watch(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    meter.stop();
    await new Promise((resolve) => server.close(resolve));
  });

  it('counts what its server carried, in and out, and closes each wall-clock minute once it ends', async () => {
    expect(meter.read()).toEqual({ inBytes: 0, outBytes: 0, lastMinute: null });
    await exchange(port, 5000);
    const during = meter.read();
    expect(during.inBytes).toBeGreaterThan(5000);
    expect(during.outBytes).toBeGreaterThan(1000);
    // The minute has not ended: nothing complete to report yet.
    expect(during.lastMinute).toBeNull();

    clock = Date.UTC(2026, 0, 1, 12, 1, 2);
    const first = meter.read();
    expect(first.lastMinute).toEqual({ start: Date.UTC(2026, 0, 1, 12, 0), inBytes: first.inBytes, outBytes: first.outBytes });
    // Read again within the same minute, the last minute is the same: readers do not split it.
    await exchange(port, 20_000);
    expect(meter.read().lastMinute).toEqual(first.lastMinute);

    clock = Date.UTC(2026, 0, 1, 12, 2, 0);
    const second = meter.read();
    expect(second.lastMinute!.start).toBe(Date.UTC(2026, 0, 1, 12, 1));
    expect(second.lastMinute!.inBytes).toBe(second.inBytes - first.inBytes);
    expect(second.lastMinute!.inBytes).toBeGreaterThan(20_000);
    expect(second.lastMinute!.outBytes).toBe(second.outBytes - first.outBytes);

    clock = Date.UTC(2026, 0, 1, 12, 3, 0);
    expect(meter.read().lastMinute).toEqual({ start: Date.UTC(2026, 0, 1, 12, 2), inBytes: 0, outBytes: 0 });
  });
});

describe('an agent process', () => {
  let agent: RunningAgent;
  agentForTests((started) => (agent = started));

  it('reports the bytes its own HTTP server carried, in and out, to the console', async () => {
    const before = (await stats(agent)).network;
    const events = [{ type: 5, timestamp: Date.now(), data: { tag: 'big', payload: 'z'.repeat(40_000) } }];
    expect((await sendEvents(agent, 'session-net', events)).status).toBe(202);
    const after = (await stats(agent)).network;
    // At least the batch in, and at least the first stats answer out.
    expect(after.inBytes - before.inBytes).toBeGreaterThan(40_000);
    expect(after.outBytes - before.outBytes).toBeGreaterThan(200);
  });
});
