import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_CALLS } from '@replay/agent-protocol';
import { admin, agentForTests, type RunningAgent } from './support.ts';

let agent: RunningAgent;
agentForTests((started) => (agent = started));

const frame = (line: number, fn: string | null = 'handler') => ({ file: 'https://shop.example.com/app.min.js', function: fn, line, column: 120 });
const report = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${agent.url}/api/errors`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.projectKey}`, ...headers },
    body: JSON.stringify(body),
  });
const event = (sessionId: string, message: string, line = 1) => ({
  sessionId,
  name: 'TypeError',
  message,
  url: 'https://shop.example.com/cart',
  release: '1.0.0',
  stack: `TypeError: ${message}\n    at handler (app.min.js:${line}:120)`,
  frames: [frame(line), frame(1, null)],
});

/** Errors are kept in a file per day, as recordings are in a folder per day. */
const todaysErrors = () => join(agent.dataDir, 'errors', `${new Date().toISOString().slice(0, 10)}.jsonl`);

describe('error ingest', () => {
  it('refuses a stranger (no project key): 401, nothing stored', async () => {
    const res = await fetch(`${agent.url}/api/errors`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(event('s1', 'x')) });
    expect(res.status).toBe(401);
    expect(existsSync(todaysErrors())).toBe(false);
  });

  it('refuses an event without frames or with unknown fields, saying why', async () => {
    const missing = await report({ sessionId: 's1', message: 'x' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors[0]).toMatch(/^frames:/);
    const extra = await report({ ...event('s1', 'x'), password: 'no' });
    expect(extra.status).toBe(400);
    expect((await extra.json()).errors[0]).toContain('Unknown fields: password');
  });

  it('stores occurrences in the data folder and groups them by message and top frame, newest first', async () => {
    for (const [session, message, line] of [
      ['s1', 'a is undefined', 1],
      ['s2', 'a is undefined', 1],
      ['s2', 'a is undefined', 1],
      ['s3', 'b failed', 7],
    ] as const) {
      const res = await report(event(session, message, line));
      expect(res.status).toBe(202);
      expect((await res.json()).errorId).toMatch(/^[a-f0-9]{16}$/);
    }
    expect(readFileSync(todaysErrors(), 'utf8').trim().split('\n')).toHaveLength(4);
    const list = await admin(agent, ADMIN_CALLS.errors.path, { page: 1, limit: 10 });
    expect(list.status).toBe(200);
    const { groups, total } = await list.json();
    expect(total).toBe(2);
    expect(groups.map((g: { message: string; count: number; sessions: number }) => [g.message, g.count, g.sessions])).toEqual([
      ['b failed', 1, 1],
      ['a is undefined', 3, 2],
    ]);
    expect(groups[1].topFrame).toEqual(frame(1));

    const one = await admin(agent, ADMIN_CALLS.error.path, { errorId: groups[1].errorId });
    const detail = await one.json();
    expect(detail.group.errorId).toBe(groups[1].errorId);
    expect(detail.latest).toMatchObject({ sessionId: 's2', release: '1.0.0', url: 'https://shop.example.com/cart', frames: [frame(1), frame(1, null)] });
    expect(detail.latest.stack).toContain('TypeError: a is undefined');
    expect(await (await admin(agent, ADMIN_CALLS.error.path, { errorId: '0000000000000000' })).json()).toBeNull();
  });

  it('removes the errors of days past the retention with the recordings, and still reads a file from before days', async () => {
    const dir = join(agent.dataDir, 'errors');
    const old = { ...event('s9', 'from long ago'), errorId: 'aaaaaaaaaaaaaaaa', at: Date.UTC(2020, 0, 1) };
    writeFileSync(join(dir, '2020-01-01.jsonl'), `${JSON.stringify(old)}\n`);
    const legacy = { ...event('s8', 'from the single file'), errorId: 'bbbbbbbbbbbbbbbb', at: Date.now() - 60_000 };
    writeFileSync(join(dir, 'errors.jsonl'), `${JSON.stringify(legacy)}\n`);
    const messages = async () => ((await (await admin(agent, ADMIN_CALLS.errors.path, { page: 1, limit: 10 })).json()).groups as { message: string }[]).map((g) => g.message);
    expect(await messages()).toEqual(expect.arrayContaining(['from long ago', 'from the single file', 'a is undefined']));

    const cleanup = await admin(agent, ADMIN_CALLS.cleanup.path, { days: 7 });
    expect(cleanup.status).toBe(200);
    expect((await cleanup.json()).removedDays).toContain('2020-01-01');
    expect(existsSync(join(dir, '2020-01-01.jsonl'))).toBe(false);
    expect(await messages()).not.toContain('from long ago');
    expect(await messages()).toEqual(expect.arrayContaining(['from the single file', 'a is undefined']));
  });

  it('answers the console only: the reads need its admin token', async () => {
    const res = await fetch(`${agent.url}${ADMIN_CALLS.errors.path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ page: 1, limit: 10 }) });
    expect(res.status).toBe(401);
  });
});
