import { afterAll, describe, expect, it } from 'vitest';
import { TRACKER_COMPATIBILITY, readsTracker, trackerOf } from '@replay/agent-protocol/plain';
import { cleanUp, startAgentProcess, type RunningAgent } from './support.ts';

/**
 * The version an agent is started at is real: it is what its health answer
 * and its page report, and it decides which trackers' events ingest reads
 * (each version reads trackers up to its row of the compatibility table).
 */
afterAll(cleanUp);

const batch = (agent: RunningAgent, trackerVersion?: string) =>
  fetch(`${agent.url}/api/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.projectKey}` },
    body: JSON.stringify({ sessionId: 's1', events: [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], ...(trackerVersion === undefined ? {} : { trackerVersion }) }),
  });

describe('an agent at an older and at a newer version', () => {
  it('reports the version it was started at and the newest tracker that version reads', async () => {
    const old = await startAgentProcess({ version: '1.17' });
    const health = (await (await fetch(`${old.url}/api/health`)).json()) as { version: string; tracker: string | null };
    expect(health).toMatchObject({ version: '1.17', tracker: '12.0.0' });
    const page = await (await fetch(`${old.url}/`)).text();
    expect(page).toContain('<dd data-testid="instance-version">1.17</dd>');
    expect(page).toContain('<dd data-testid="instance-tracker">12.0.0</dd>');
    await old.stop();
  });

  it('reads only trackers its version knows: 1.17 refuses tracker 13, 1.21 takes tracker 16 and refuses 17', async () => {
    const old = await startAgentProcess({ version: '1.17' });
    expect((await batch(old, '12.4.1')).status).toBe(202);
    const refused = await batch(old, '13.0.0');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: string[] }).errors[0]).toBe('Tracker 13.0.0 is newer than version 1.17 reads (trackers up to 12.0.0): upgrade the instance');
    // A batch that does not say its tracker is taken, as before trackers said it.
    expect((await batch(old)).status).toBe(202);
    expect((await batch(old, 'twelve')).status).toBe(400);
    await old.stop();

    const current = await startAgentProcess({ version: '1.21' });
    expect((await batch(current, '13.0.0')).status).toBe(202);
    expect((await batch(current, '16.2.0')).status).toBe(202);
    expect((await batch(current, '17.0.0')).status).toBe(400);
    await current.stop();
  });
});

describe('the compatibility table', () => {
  it('gives each version its row, a version past the table the newest row, and one before it none', () => {
    for (const [version, tracker] of TRACKER_COMPATIBILITY) expect(trackerOf(version)).toBe(tracker);
    expect(trackerOf('1.22')).toBe('16.0.0');
    expect(trackerOf('2.0')).toBe('16.0.0');
    expect(trackerOf('1.16')).toBeNull();
    expect(readsTracker('1.16', '1.0.0')).toBe(false);
    expect(readsTracker('1.19', '14.9.9')).toBe(true);
    expect(readsTracker('1.19', '15.0.0')).toBe(false);
  });
});
