import type { AgentConfig, DisplayConfig } from '@replay/agent-protocol';
import { HttpError } from '../http.ts';

/**
 * How the instance's screens show sessions: the account's session settings' display part (spec
 * §4: time zone, duration filter, mouse trail, skip-to-issue), which the console's config step
 * pushes with the rest of the agent's config (`display`, kept in config.json). An agent no console
 * has given them yet (or one of an older console, which sends none) shows the spec's defaults:
 * UTC+00:00, '<' 0 sec (no bound), mouse trail on, skip-to-issue off. Read on every page, so a
 * save in the console shows on the next page load, with no restart.
 */
export type DisplaySettings = DisplayConfig;

export type DurationUnit = DisplaySettings['durationFilter']['unit'];
export const UNIT_SECONDS: Record<DurationUnit, number> = { sec: 1, min: 60, hour: 3600 };

export const DEFAULT_DISPLAY: DisplaySettings = {
  timezone: 'UTC+00:00',
  durationFilter: { operator: '<', count: 0, unit: 'sec' },
  mouseTrail: true,
  skipToIssue: false,
};

export const displaySettings = (config: Pick<AgentConfig, 'display'>): DisplaySettings => config.display ?? DEFAULT_DISPLAY;

/** The offset of 'UTC-09:30' in minutes (-570). */
export function offsetMinutes(timezone: string): number {
  const match = /^UTC([+-])(\d{2}):(\d{2})$/.exec(timezone);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A time as the zone's wall clock: '2026-01-10 12:00:05 UTC+00:00'. */
export function formatTime(ms: number, timezone: string): string {
  const wall = new Date(ms + offsetMinutes(timezone) * MINUTE).toISOString();
  return `${wall.slice(0, 10)} ${wall.slice(11, 19)} ${timezone}`;
}

/** A duration as people read it: '42 s', '3 min 5 s', '1 h 2 min'. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** The spec's range presets (§9), after 'any' (no bound, the default: old recordings stay in reach). */
export const RANGE_PRESETS = {
  any: 'Any time',
  last30min: 'Last 30 minutes',
  today: 'Today',
  yesterday: 'Yesterday',
  past24h: 'Past 24 hours',
  last7d: 'Last 7 days',
  last30d: 'Last 30 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisYear: 'This year',
  custom: 'Custom',
} as const;
export type RangePreset = keyof typeof RANGE_PRESETS;
export const isRangePreset = (value: string): value is RangePreset => Object.hasOwn(RANGE_PRESETS, value);

/** 'YYYY-MM-DDTHH:mm' (a datetime-local field) read as the zone's wall clock. */
export function wallClockToMs(value: string, timezone: string, name: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  const ms = match ? Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!, +match[4]!, +match[5]!) : Number.NaN;
  // Date.UTC rolls 2026-02-31 over to March: a date that does not exist is refused, not moved.
  if (!match || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 16) !== value) {
    throw new HttpError(400, `${name} must be a date and time, like 2026-01-31T12:00`);
  }
  return ms - offsetMinutes(timezone) * MINUTE;
}

/** The [from, to) of a preset at `now`, days and months by the zone's calendar; undefined bounds are open. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: number, timezone: string): { from?: number; to?: number } {
  const shift = offsetMinutes(timezone) * MINUTE;
  const wall = new Date(now + shift);
  const [y, m, d] = [wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()];
  const zoned = (ms: number) => ms - shift;
  switch (preset) {
    case 'any':
      return {};
    case 'last30min':
      return { from: now - 30 * MINUTE };
    case 'past24h':
      return { from: now - DAY };
    case 'last7d':
      return { from: now - 7 * DAY };
    case 'last30d':
      return { from: now - 30 * DAY };
    case 'today':
      return { from: zoned(Date.UTC(y, m, d)) };
    case 'yesterday':
      return { from: zoned(Date.UTC(y, m, d - 1)), to: zoned(Date.UTC(y, m, d)) };
    case 'thisMonth':
      return { from: zoned(Date.UTC(y, m, 1)) };
    case 'lastMonth':
      return { from: zoned(Date.UTC(y, m - 1, 1)), to: zoned(Date.UTC(y, m, 1)) };
    case 'thisYear':
      return { from: zoned(Date.UTC(y, 0, 1)) };
  }
}
