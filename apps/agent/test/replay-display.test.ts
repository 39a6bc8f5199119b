import { describe, expect, it } from 'vitest';
import { HttpError } from '../src/http.ts';
import { formatDuration, formatTime, presetRange, wallClockToMs } from '../src/replay-ui/display.ts';

/** The session settings' time zone as the screens read it: wall clocks, days and months by the zone's calendar. */
const NOW = Date.UTC(2026, 2, 1, 2, 30); // 1 March 2026, 02:30 UTC: still 28 February west of UTC-02:30.

describe('range presets in the settings’ time zone', () => {
  it('start today, yesterday, this month and this year at the zone’s midnight', () => {
    expect(presetRange('today', NOW, 'UTC+00:00')).toEqual({ from: Date.UTC(2026, 2, 1) });
    expect(presetRange('today', NOW, 'UTC+05:45')).toEqual({ from: Date.UTC(2026, 2, 1) - (5 * 60 + 45) * 60_000 });
    expect(presetRange('today', NOW, 'UTC-09:30')).toEqual({ from: Date.UTC(2026, 1, 28) + 9.5 * 3_600_000 });
    expect(presetRange('yesterday', NOW, 'UTC-09:30')).toEqual({ from: Date.UTC(2026, 1, 27) + 9.5 * 3_600_000, to: Date.UTC(2026, 1, 28) + 9.5 * 3_600_000 });
    expect(presetRange('thisMonth', NOW, 'UTC-09:30')).toEqual({ from: Date.UTC(2026, 1, 1) + 9.5 * 3_600_000 });
    expect(presetRange('lastMonth', NOW, 'UTC+00:00')).toEqual({ from: Date.UTC(2026, 1, 1), to: Date.UTC(2026, 2, 1) });
    expect(presetRange('lastMonth', Date.UTC(2026, 0, 15), 'UTC+00:00')).toEqual({ from: Date.UTC(2025, 11, 1), to: Date.UTC(2026, 0, 1) });
    expect(presetRange('thisYear', NOW, 'UTC+12:00')).toEqual({ from: Date.UTC(2026, 0, 1) - 12 * 3_600_000 });
  });

  it('count the rolling ones back from now', () => {
    expect(presetRange('last30min', NOW, 'UTC+03:00')).toEqual({ from: NOW - 30 * 60_000 });
    expect(presetRange('past24h', NOW, 'UTC+03:00')).toEqual({ from: NOW - 86_400_000 });
    expect(presetRange('last7d', NOW, 'UTC+03:00')).toEqual({ from: NOW - 7 * 86_400_000 });
    expect(presetRange('last30d', NOW, 'UTC+03:00')).toEqual({ from: NOW - 30 * 86_400_000 });
    expect(presetRange('any', NOW, 'UTC+03:00')).toEqual({});
  });
});

describe('wall clocks', () => {
  it('read a custom bound in the zone and show a time in it', () => {
    expect(wallClockToMs('2026-03-01T08:15', 'UTC+05:45', 'from')).toBe(Date.UTC(2026, 2, 1, 2, 30));
    expect(formatTime(Date.UTC(2026, 2, 1, 2, 30), 'UTC+05:45')).toBe('2026-03-01 08:15:00 UTC+05:45');
    expect(formatTime(Date.UTC(2026, 2, 1, 2, 30), 'UTC-09:30')).toBe('2026-02-28 17:00:00 UTC-09:30');
  });

  it('refuse a date that does not exist instead of moving it', () => {
    for (const bad of ['2026-02-31T00:00', '2026-13-01T00:00', '2026-01-01T24:00', '2026-01-01', 'yesterday']) {
      expect(() => wallClockToMs(bad, 'UTC+00:00', 'The start')).toThrow(HttpError);
    }
  });

  it('show durations as people read them', () => {
    expect([formatDuration(42_000), formatDuration(185_000), formatDuration(3_720_000)]).toEqual(['42 s', '3 min 5 s', '1 h 2 min']);
  });
});
