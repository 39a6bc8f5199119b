import { describe, expect, it } from 'vitest';
import { INGEST_PATH } from '@replay/agent-protocol/plain';
import { TRACKER_INGEST_PATH, ingestUrlOf, trackerSnippets, weeklySlotOf } from '@replay/contracts';

/** What the onboarding screens tell a customer must be what the agent accepts, and when the weekly report goes out. */
describe('the onboarding contract', () => {
  it('sends trackers to the agent’s own ingest path', () => {
    expect(TRACKER_INGEST_PATH).toBe(INGEST_PATH);
    expect(ingestUrlOf('http://127.0.0.1:4100/')).toBe('http://127.0.0.1:4100/api/events');
  });

  it('puts the ingest URL and the project key in both snippets', () => {
    const s = trackerSnippets({ ingestUrl: 'https://i.example.com/api/events', projectKey: 'KEY123', trackerVersion: '16.0.0' });
    for (const code of [s.npm, s.script]) {
      expect(code).toContain('"https://i.example.com/api/events"');
      expect(code).toContain('"KEY123"');
    }
    expect(s.script).toContain('@replay/tracker@16.0.0');
    expect(s.identify).toContain('tracker.setUserID(');
  });

  it('puts every moment in the week that began at the latest Monday 08:00 UTC', () => {
    const monday8 = Date.UTC(2026, 10, 23, 8, 0, 0);
    expect(new Date(monday8).getUTCDay()).toBe(1);
    expect(weeklySlotOf(monday8)).toBe(monday8);
    expect(weeklySlotOf(monday8 + 1)).toBe(monday8);
    expect(weeklySlotOf(monday8 - 1)).toBe(monday8 - 7 * 86_400_000);
    expect(weeklySlotOf(Date.UTC(2026, 10, 29, 23, 0, 0))).toBe(monday8);
    expect(weeklySlotOf(Date.UTC(2026, 10, 23, 7, 59, 0))).toBe(monday8 - 7 * 86_400_000);
  });
});
