import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { admin, cleanUp, sendEvents, startAgentProcess, storedEvents } from './support.ts';

/**
 * The keyed budgets of ingest-limiter.ts, through a real agent process: one session, or one
 * project key, that floods is refused with 429 and Retry-After by its own budget, and the others
 * (from the same client address, which has plenty) are recorded as usual.
 */
afterAll(cleanUp);

const today = () => new Date().toISOString().slice(0, 10);
/** A burst of one request, the next token ten seconds later: far longer than a test takes. */
const ONE_REQUEST_PER_10_SECONDS = '0.1';
const PLENTY = '1000';
const EVENT = [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }];
const TOO_MANY = { errors: ['Too many events: slow down and retry later'] };

describe('per session and per key limits', () => {
  it('refuses a flooding session with 429 and Retry-After, storing nothing of it, while another session of the same key is accepted', async () => {
    const agent = await startAgentProcess({ env: { AGENT_CLIENT_REQUESTS_PER_SECOND: PLENTY, AGENT_SESSION_REQUESTS_PER_SECOND: ONE_REQUEST_PER_10_SECONDS } });
    expect((await sendEvents(agent, 'flood', EVENT)).status).toBe(202);
    const refused = await sendEvents(agent, 'flood', EVENT);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    expect(await refused.json()).toEqual(TOO_MANY);
    expect(storedEvents(agent.dataDir, 'flood')).toHaveLength(1);
    // The refusals took nothing from the key's or the instance's budget: the next sessions pass.
    for (const calm of ['calm-1', 'calm-2']) expect((await sendEvents(agent, calm, EVENT)).status).toBe(202);
    expect(storedEvents(agent.dataDir, 'calm-2')).toHaveLength(1);
    await agent.stop();
  });

  it("refuses a session past its byte rate; the key's other sessions still record", async () => {
    // 1 000 bytes a second per session, but a bucket always holds one largest (1 MiB) request.
    const agent = await startAgentProcess({ env: { AGENT_SESSION_BYTES_PER_SECOND: '1000' } });
    const chunk = [{ type: 5, timestamp: 1, data: { tag: 'b', payload: 'x'.repeat(600_000) } }];
    expect((await sendEvents(agent, 'heavy', chunk)).status).toBe(202);
    const refused = await sendEvents(agent, 'heavy', chunk);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(storedEvents(agent.dataDir, 'heavy')).toHaveLength(1);
    expect((await sendEvents(agent, 'light', chunk)).status).toBe(202);
    await agent.stop();
  });

  it("refuses a flooding project key with 429 and Retry-After; another key's sessions are accepted", async () => {
    const agent = await startAgentProcess({ env: { AGENT_CLIENT_REQUESTS_PER_SECOND: PLENTY, AGENT_KEY_REQUESTS_PER_SECOND: ONE_REQUEST_PER_10_SECONDS } });
    const shop = randomBytes(32).toString('hex');
    const pushed = await admin(agent, '/api/admin/config', { projectKeys: [{ projectId: 'p-shop', sha256: createHash('sha256').update(shop).digest('hex') }] });
    expect(pushed.status).toBe(200);
    const byShop = { Authorization: `Bearer ${shop}` };
    expect((await sendEvents(agent, 'shop-1', EVENT, byShop)).status).toBe(202);
    const refused = await sendEvents(agent, 'shop-2', EVENT, byShop);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(existsSync(join(agent.dataDir, 'sessions', today(), 'shop-2.jsonl'))).toBe(false);
    // The account's key is a key of its own.
    expect((await sendEvents(agent, 'account-1', EVENT)).status).toBe(202);
    await agent.stop();
  });
});
