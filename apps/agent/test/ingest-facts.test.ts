import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, stats, startAgentProcess, storedHeads, type RunningAgent } from './support.ts';

/** What the console's getting-started checklist reads: whether recordings, and ones naming their user, arrived. */
let agent: RunningAgent;

beforeAll(async () => {
  agent = await startAgentProcess();
}, 30_000);
afterAll(async () => {
  await agent?.stop();
  await cleanUp();
});

const send = (body: unknown) =>
  fetch(`${agent.url}/api/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.projectKey}` },
    body: JSON.stringify(body),
  });

describe('ingest facts in the stats answer', () => {
  it('starts with neither fact', async () => {
    expect((await stats(agent)).ingest).toEqual({ firstRecordingAt: null, firstIdentifiedAt: null });
  });

  it('refuses a user id that is not a short text, storing nothing', async () => {
    for (const userId of ['', 42, 'x'.repeat(257)]) {
      const res = await send({ sessionId: 's-bad', events: [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], userId });
      expect(res.status).toBe(400);
      expect((await res.json()).errors[0]).toBe('userId must be a text of 1 to 256 characters');
    }
    expect((await stats(agent)).ingest).toEqual({ firstRecordingAt: null, firstIdentifiedAt: null });
  });

  it('a recording without a user id is data received, not an identified user', async () => {
    expect((await send({ sessionId: 's-anon', events: [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }] })).status).toBe(202);
    const facts = (await stats(agent)).ingest!;
    expect(facts.firstRecordingAt).toBeGreaterThan(0);
    expect(facts.firstIdentifiedAt).toBeNull();
  });

  it('a recording with a user id sets the second fact and keeps the first, and the id is stored with the session', async () => {
    const first = (await stats(agent)).ingest!.firstRecordingAt;
    expect((await send({ sessionId: 's-known', events: [{ type: 3, timestamp: 2, data: { source: 2, type: 2, id: 1 } }], userId: 'ada@example.com' })).status).toBe(202);
    const facts = (await stats(agent)).ingest!;
    expect(facts.firstRecordingAt).toBe(first);
    expect(facts.firstIdentifiedAt).toBeGreaterThanOrEqual(first!);
    const [day] = readdirSync(join(agent.dataDir, 'sessions'));
    expect(storedHeads(agent.dataDir, 's-known', day)).toEqual([expect.objectContaining({ userId: 'ada@example.com' })]);
  });

  it('remembers both across a restart', async () => {
    const before = (await stats(agent)).ingest;
    await agent.stop();
    agent = await startAgentProcess({ dataDir: agent.dataDir, instanceId: agent.instanceId, secret: agent.secret, projectKey: agent.projectKey });
    expect((await stats(agent)).ingest).toEqual(before);
  });
});
