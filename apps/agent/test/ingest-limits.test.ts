import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUp, sendEvents, sendEventsFrom, startAgentProcess, stats } from './support.ts';

afterAll(cleanUp);

const today = () => new Date().toISOString().slice(0, 10);
/**
 * 0.1 requests a second holds a burst of one request (ten seconds' worth) and
 * gives the next token back after ten seconds: far longer than a test takes
 * between two requests, so the counts below are exact.
 */
const ONE_REQUEST_PER_10_SECONDS = '0.1';
const PLENTY = '1000';

describe('ingest rate limits', () => {
  it("refuses a client's burst beyond its request rate with 429 and Retry-After, writing nothing; another address still records", async () => {
    const agent = await startAgentProcess({ env: { AGENT_CLIENT_REQUESTS_PER_SECOND: ONE_REQUEST_PER_10_SECONDS } });
    expect((await sendEvents(agent, 'first', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }])).status).toBe(202);
    const used = (await stats(agent)).disk.usedBytes;
    const refused = await sendEvents(agent, 'second', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    expect(await refused.json()).toEqual({ errors: ['Too many events: slow down and retry later'] });
    expect(existsSync(join(agent.dataDir, 'sessions', today(), 'second.jsonl'))).toBe(false);
    expect((await stats(agent)).disk.usedBytes).toBe(used);
    // 127.0.0.2 is another client with a budget of its own.
    expect((await sendEventsFrom('127.0.0.2', agent, 'other', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }])).status).toBe(202);
    await agent.stop();
  });

  it("holds every client together to the instance's request rate", async () => {
    const agent = await startAgentProcess({
      env: { AGENT_CLIENT_REQUESTS_PER_SECOND: PLENTY, AGENT_INSTANCE_REQUESTS_PER_SECOND: ONE_REQUEST_PER_10_SECONDS },
    });
    expect((await sendEventsFrom('127.0.0.2', agent, 'a', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }])).status).toBe(202);
    const other = await sendEventsFrom('127.0.0.3', agent, 'b', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }]);
    expect(other.status).toBe(429);
    expect(Number(other.retryAfter)).toBeGreaterThanOrEqual(1);
    await agent.stop();
  });

  it("does not let a stranger's refused requests use up the instance's budget", async () => {
    const agent = await startAgentProcess({
      env: { AGENT_CLIENT_REQUESTS_PER_SECOND: PLENTY, AGENT_INSTANCE_REQUESTS_PER_SECOND: ONE_REQUEST_PER_10_SECONDS },
    });
    for (let i = 0; i < 5; i++) {
      expect((await sendEvents(agent, 'stranger', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], { Authorization: 'Bearer guessed-key-000000' })).status).toBe(401);
    }
    expect((await sendEvents(agent, 'tracker', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }])).status).toBe(202);
    await agent.stop();
  });

  it('refuses a client past its byte rate; a bucket still holds one largest request', async () => {
    // 1 000 bytes a second, but a bucket always holds at least one 1 MiB request.
    const agent = await startAgentProcess({ env: { AGENT_CLIENT_BYTES_PER_SECOND: '1000' } });
    const chunk = [{ type: 5, timestamp: 1, data: { tag: 'b', payload: 'x'.repeat(600_000) } }];
    expect((await sendEvents(agent, 'big-1', chunk)).status).toBe(202);
    const refused = await sendEvents(agent, 'big-2', chunk);
    expect(refused.status).toBe(429);
    // 600 kB more than the ~450 kB left, at 1 000 bytes a second: minutes, not seconds.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(existsSync(join(agent.dataDir, 'sessions', today(), 'big-2.jsonl'))).toBe(false);
    expect((await sendEventsFrom('127.0.0.2', agent, 'big-3', chunk)).status).toBe(202);
    await agent.stop();
  });
});
