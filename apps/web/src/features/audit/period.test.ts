import { describe, expect, it } from 'vitest';
import { AUDIT_MESSAGES, DAY_MS } from '@replay/contracts';
import { PERIOD_PRESETS, parseLocal, resolvePeriod, toLocalInput, type PeriodChoice } from './period';

// A Wednesday afternoon, in the test's own time zone (calendar presets are local).
const now = new Date(2026, 2, 18, 15, 30, 0).getTime();
const at = (preset: PeriodChoice['preset'], from = '', to = '') => resolvePeriod({ preset, from, to }, now);

describe('audit periods', () => {
  it('offers the ten presets of the spec, in its order', () => {
    expect(PERIOD_PRESETS.map((p) => p.label)).toEqual(['Last 30 minutes', 'Today', 'Yesterday', 'Past 24 hours', 'Last 7 days', 'Last 30 days', 'This month', 'Last month', 'This year', 'Custom']);
  });

  it('resolves relative and calendar presets', () => {
    expect(at('last30Minutes').period).toEqual({ start: now - 30 * 60_000, end: now });
    expect(at('today').period).toEqual({ start: new Date(2026, 2, 18).getTime(), end: now });
    expect(at('yesterday').period).toEqual({ start: new Date(2026, 2, 17).getTime(), end: new Date(2026, 2, 18).getTime() - 1 });
    expect(at('past24Hours').period).toEqual({ start: now - DAY_MS, end: now });
    expect(at('last7Days').period).toEqual({ start: now - 7 * DAY_MS, end: now });
    expect(at('last30Days').period).toEqual({ start: now - 30 * DAY_MS, end: now });
    expect(at('thisMonth').period).toEqual({ start: new Date(2026, 2, 1).getTime(), end: now });
    expect(at('lastMonth').period).toEqual({ start: new Date(2026, 1, 1).getTime(), end: new Date(2026, 2, 1).getTime() - 1 });
    expect(at('thisYear').period).toEqual({ start: new Date(2026, 0, 1).getTime(), end: now });
  });

  it('takes a custom period with its end minute included, and refuses one that ends before it starts', () => {
    expect(at('custom', '2026-03-01T08:00', '2026-03-02T17:45').period).toEqual({
      start: new Date(2026, 2, 1, 8, 0).getTime(),
      end: new Date(2026, 2, 2, 17, 45).getTime() + 59_999,
    });
    expect(at('custom', '2026-03-02T08:00', '2026-03-01T08:00')).toEqual({ period: null, error: AUDIT_MESSAGES.badPeriod });
    expect(at('custom', '', '2026-03-01T08:00').period).toBeNull();
  });

  it('reads and writes datetime-local values', () => {
    expect(parseLocal('2026-03-01T08:05')).toBe(new Date(2026, 2, 1, 8, 5).getTime());
    expect(parseLocal('yesterday')).toBeNull();
    expect(toLocalInput(new Date(2026, 2, 1, 8, 5).getTime())).toBe('2026-03-01T08:05');
  });
});
