import { ADMIN_CALLS } from '@replay/agent-protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { visit } from './fixtures/rrweb-session.ts';
import { admin, agentForTests, type RunningAgent } from './support.ts';

/**
 * The admin call `activity` (the console's weekly report): the sessions of the index that started
 * in a period, the distinct user ids among them, and the error occurrences the tracker reported in it.
 */
let agent: RunningAgent;
agentForTests((started) => (agent = started));
const NOW = Date.now();
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

const send = (sessionId: string, start: number, userId?: string) =>
  fetch(`${agent.url}/api/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.projectKey}` },
    body: JSON.stringify({ sessionId, events: visit(start).first, ...(userId ? { userId } : {}) }),
  });
const report = (sessionId: string, message: string) =>
  fetch(`${agent.url}/api/errors`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.projectKey}` },
    body: JSON.stringify({ sessionId, message, frames: [{ file: 'https://shop.example/app.js', function: null, line: 1, column: 2 }] }),
  });
const activity = async (from: number, to: number) => {
  const res = await admin(agent, ADMIN_CALLS.activity.path, { from, to });
  expect(res.status, await res.clone().text()).toBe(200);
  return ADMIN_CALLS.activity.answer.parse(await res.json());
};

beforeAll(async () => {
  const sessions: [string, number, string?][] = [
    ['ada-1', NOW - 180 * MINUTE, 'ada'],
    ['ada-2', NOW - 120 * MINUTE, 'ada'],
    ['bob-1', NOW - 60 * MINUTE, 'bob'],
    ['anonymous', NOW - 30 * MINUTE],
    ['carol-old', NOW - 10 * DAY, 'carol'],
  ];
  for (const [id, start, user] of sessions) expect((await send(id, start, user)).status).toBe(202);
  for (const [id, message] of [
    ['ada-1', 'a is undefined'],
    ['ada-1', 'a is undefined'],
    ['bob-1', 'b failed'],
  ])
    expect((await report(id!, message!)).status).toBe(202);
});

describe('the activity call', () => {
  it('counts the sessions started in the period, their distinct users and the errors reported in it', async () => {
    expect(await activity(NOW - 7 * DAY, NOW + MINUTE)).toEqual({ from: NOW - 7 * DAY, to: NOW + MINUTE, sessions: 4, users: 2, errors: 3 });
    expect(await activity(NOW - 150 * MINUTE, NOW - 45 * MINUTE)).toMatchObject({ sessions: 2, users: 2 });
    // The errors came now (the agent's clock), so an older week has none; the old session is its own.
    expect(await activity(NOW - 14 * DAY, NOW - 7 * DAY)).toMatchObject({ sessions: 1, users: 1, errors: 0 });
    expect(await activity(NOW + MINUTE, NOW + DAY)).toMatchObject({ sessions: 0, users: 0, errors: 0 });
  });

  it('refuses a period out of shape with 400, and a caller without the admin token with 401', async () => {
    const expected = 'Expected { "from", "to" }: epoch milliseconds, from before to, at most a year apart';
    for (const body of [{ from: NOW, to: NOW }, { from: NOW, to: NOW - 1 }, { from: 0, to: 400 * DAY }, { from: 'monday', to: NOW }, { from: 0, to: NOW, projectIds: [] }, {}]) {
      const res = await admin(agent, ADMIN_CALLS.activity.path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).errors[0]).toBe(expected);
    }
    const stranger = await fetch(`${agent.url}${ADMIN_CALLS.activity.path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ from: 0, to: NOW }) });
    expect(stranger.status).toBe(401);
  });
});
