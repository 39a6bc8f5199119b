import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { admin, agentForTests, stats, storedEvents, type RunningAgent } from './support.ts';
import { sessionPercentile } from '../src/capture.ts';
import { listErrors } from '../src/errors.ts';

let agent: RunningAgent;
agentForTests((started) => (agent = started));

const today = () => new Date().toISOString().slice(0, 10);
const recorded = (sessionId: string) => existsSync(join(agent.dataDir, 'sessions', today(), `${sessionId}.jsonl`));

function send(sessionId: string, extra: Record<string, unknown> = {}) {
  return fetch(`${agent.url}/api/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.projectKey}` },
    body: JSON.stringify({ sessionId, events: [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], ...extra }),
  });
}

/** Session ids whose hash falls under, and over, a rate: what the agent must keep and drop. */
function idsAround(prefix: string, rate: number, count: number): { under: string[]; over: string[] } {
  const under: string[] = [];
  const over: string[] = [];
  for (let i = 0; under.length < count || over.length < count; i++) {
    const id = `${prefix}-${i}`;
    if (sessionPercentile(id) < rate) {
      if (under.length < count) under.push(id);
    } else if (over.length < count) over.push(id);
  }
  return { under, over };
}

describe('capture rate', () => {
  it('records every session by default (rate 100) and says so', async () => {
    const res = await send('default-kept');
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: 1, captured: true });
    expect(recorded('default-kept')).toBe(true);
  });

  it('keeps exactly the sessions whose id hashes under the rate, each as a whole, and counts both kinds', async () => {
    const applied = await admin(agent, '/api/admin/config', { capture: { rate: 30, conditions: [] } });
    expect(applied.status).toBe(200);
    expect((await applied.json()).capture).toEqual({ rate: 30, conditions: [] });
    expect(JSON.parse(readFileSync(join(agent.dataDir, 'config.json'), 'utf8')).capture).toEqual({ rate: 30, conditions: [] });
    const before = (await stats(agent)).capture!;
    const { under, over } = idsAround('rate30', 30, 5);
    for (const id of [...under, ...over]) {
      // Two batches each: the second follows the first.
      for (let batch = 0; batch < 2; batch++) {
        const res = await send(id);
        expect(res.status).toBe(202);
        expect((await res.json()).captured).toBe(under.includes(id));
      }
    }
    expect(under.map(recorded)).toEqual([true, true, true, true, true]);
    expect(over.map(recorded)).toEqual([false, false, false, false, false]);
    expect(storedEvents(agent.dataDir, under[0]!)).toHaveLength(2);
    const after = (await stats(agent)).capture!;
    expect(after.acceptedSessions - before.acceptedSessions).toBe(5);
    expect(after.sampledOutSessions - before.sampledOutSessions).toBe(5);
  });

  it('places a session by the first 32 bits of the SHA-256 of its id, the shared rule trackers apply too', () => {
    // The definition every agent so far used; capture-rule.ts must not move a session across the rate.
    const byDigest = (id: string) => (createHash('sha256').update(id).digest().readUInt32BE(0) / 2 ** 32) * 100;
    for (const id of ['a', 'rate30-1', 'ümlaut-id', 'x'.repeat(64)]) expect(sessionPercentile(id)).toBe(byDigest(id));
  });

  it('keeps none at rate 0', async () => {
    await admin(agent, '/api/admin/config', { capture: { rate: 0, conditions: [] } });
    for (const id of ['zero-a', 'zero-b', 'zero-c']) expect((await (await send(id)).json()).captured).toBe(false);
    expect(['zero-a', 'zero-b', 'zero-c'].some(recorded)).toBe(false);
  });

  it('refuses a rate out of range, and keeps the last one', async () => {
    const res = await admin(agent, '/api/admin/config', { capture: { rate: 101, conditions: [] } });
    expect(res.status).toBe(400);
    expect(JSON.parse(readFileSync(join(agent.dataDir, 'config.json'), 'utf8')).capture.rate).toBe(0);
  });
});

describe('conditional capture', () => {
  it('records a session a condition set matches whatever the rate: path prefix, user id, or both', async () => {
    const conditions = [
      { name: 'Checkout', urlPath: '/checkout', userId: null },
      { name: 'VIP', urlPath: null, userId: 'vip-1' },
      { name: 'Admin billing', urlPath: '/admin/billing', userId: 'ops' },
    ];
    expect((await admin(agent, '/api/admin/config', { capture: { rate: 0, conditions } })).status).toBe(200);
    const cases: [string, Record<string, unknown>, boolean][] = [
      ['cond-path', { url: 'https://shop.example.com/checkout/pay?x=1' }, true],
      ['cond-path-relative', { url: '/checkout' }, true],
      ['cond-other-path', { url: 'https://shop.example.com/cart' }, false],
      ['cond-user', { userId: 'vip-1', url: '/anything' }, true],
      ['cond-other-user', { userId: 'vip-2' }, false],
      ['cond-both', { url: '/admin/billing/invoices', userId: 'ops' }, true],
      ['cond-half', { url: '/admin/billing', userId: 'someone' }, false],
      ['cond-none', {}, false],
    ];
    for (const [id, extra, kept] of cases) {
      const res = await send(id, extra);
      expect(res.status).toBe(202);
      expect([id, (await res.json()).captured]).toEqual([id, kept]);
      expect([id, recorded(id)]).toEqual([id, kept]);
    }
    // A session caught by a set is recorded from then on, its later batches from other pages too.
    expect((await (await send('cond-path', { url: '/home' })).json()).captured).toBe(true);
  });

  it('stores the errors of a recorded session only: none of one left out, like its batches', async () => {
    // Still rate 0 with the sets above; 'cond-user' was caught by its user.
    const report = (sessionId: string, url: string) =>
      fetch(`${agent.url}/api/errors`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.projectKey}` },
        body: JSON.stringify({ sessionId, message: `boom in ${sessionId}`, url, frames: [] }),
      });
    const answers = [];
    for (const [id, url] of [
      ['err-left-out', 'https://shop.example.com/cart'],
      ['cond-user', 'https://shop.example.com/anything'],
      ['err-on-path', 'https://shop.example.com/checkout/pay'],
    ] as const) {
      const res = await report(id, url);
      answers.push([id, res.status, (await res.json()).captured ?? true]);
    }
    expect(answers).toEqual([
      ['err-left-out', 202, false],
      ['cond-user', 202, true],
      ['err-on-path', 202, true],
    ]);
    const messages = listErrors(agent.dataDir, 1, 50)
      .groups.map((e) => e.message)
      .sort();
    expect(messages).toEqual(['boom in cond-user', 'boom in err-on-path']);
  });

  it('refuses a url or user id that is not text', async () => {
    const res = await send('bad-context', { url: 42 });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: ['url must be text of at most 2048 characters'] });
  });
});
