import { describe, expect, it } from 'vitest';
import { INGEST_PATH, TRACKER_QUEUED_METHODS, trackerScriptPathOf, trackerTarballPathOf } from '@replay/agent-protocol/plain';
import { TRACKER_QUEUED_METHODS as CONTRACT_QUEUED_METHODS, TRACKER_INGEST_PATH, ingestUrlOf, trackerScriptUrlOf, trackerSnippets, trackerTarballUrlOf, weeklySlotOf } from '@replay/contracts';

/** What the onboarding screens tell a customer must be what the agent accepts, and when the weekly report goes out. */
describe('the onboarding contract', () => {
  it('sends trackers to the agent’s own ingest path', () => {
    expect(TRACKER_INGEST_PATH).toBe(INGEST_PATH);
    expect(ingestUrlOf('http://127.0.0.1:4100/')).toBe('http://127.0.0.1:4100/api/events');
  });

  it('points at the agent’s own versioned tracker addresses', () => {
    expect(trackerScriptUrlOf('https://i.example.com/', '16.0.0')).toBe(`https://i.example.com${trackerScriptPathOf('16.0.0')}`);
    expect(trackerTarballUrlOf('https://i.example.com', '16.0.0')).toBe(`https://i.example.com${trackerTarballPathOf('16.0.0')}`);
  });

  it('puts the ingest URL and the project key in both snippets, and only the instance’s addresses', () => {
    const s = trackerSnippets({ instanceUrl: 'https://i.example.com', projectKey: 'KEY123', trackerVersion: '16.0.0' });
    for (const code of [s.npm, s.script]) {
      expect(code).toContain('"https://i.example.com/api/events"');
      expect(code).toContain('"KEY123"');
    }
    expect(s.install).toBe('npm install https://i.example.com/tracker/16.0.0/tracker.tgz');
    expect(s.script).toContain('<script async src="https://i.example.com/tracker/16.0.0/tracker.js"></script>');
    // Every address in every snippet is the instance's: no registry or CDN where nothing is published.
    const addresses =
      Object.values(s)
        .join('\n')
        .match(/https?:\/\/[^\s"'<>]+/g) ?? [];
    expect(addresses.every((a) => a.startsWith('https://i.example.com/'))).toBe(true);
    expect(s.identify).toContain('tracker.setUserID(');
  });

  it('queues, until the script has loaded, the methods the loaded tracker replays', () => {
    expect(CONTRACT_QUEUED_METHODS).toEqual(TRACKER_QUEUED_METHODS);
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
