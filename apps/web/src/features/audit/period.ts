import { AUDIT_DEFAULT_PERIOD_MS, AUDIT_MESSAGES, DAY_MS } from '@replay/contracts';

/** The range presets of spec section 9, in its order; 'last7Days' is the trail's default (section 1). */
export const PERIOD_PRESETS = [
  { value: 'last30Minutes', label: 'Last 30 minutes' },
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'past24Hours', label: 'Past 24 hours' },
  { value: 'last7Days', label: 'Last 7 days' },
  { value: 'last30Days', label: 'Last 30 days' },
  { value: 'thisMonth', label: 'This month' },
  { value: 'lastMonth', label: 'Last month' },
  { value: 'thisYear', label: 'This year' },
  { value: 'custom', label: 'Custom' },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value'];
export const DEFAULT_PERIOD: PeriodPreset = 'last7Days';

export function isPeriodPreset(value: string | null): value is PeriodPreset {
  return PERIOD_PRESETS.some((p) => p.value === value);
}

export interface Period {
  start: number;
  end: number;
}

export interface PeriodChoice {
  preset: PeriodPreset;
  /** Custom bounds as a datetime-local input holds them ('2026-01-31T09:30'), in the browser's time zone. */
  from: string;
  to: string;
}

/** A datetime-local value in local time, or null when empty or unreadable. */
export function parseLocal(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : time;
}

/** Epoch ms as a datetime-local value in local time (minutes). */
export function toLocalInput(time: number): string {
  const d = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const startOfDay = (t: number) => new Date(new Date(t).setHours(0, 0, 0, 0)).getTime();

/**
 * The period a choice covers at `now`, calendar presets in the browser's time
 * zone (a person's "today" is local). A custom period needs both bounds in
 * order: otherwise the reason, and nothing is asked of the server.
 */
export function resolvePeriod(choice: PeriodChoice, now: number): { period: Period; error: null } | { period: null; error: string } {
  const ok = (start: number, end: number) => ({ period: { start: Math.max(0, start), end }, error: null }) as const;
  const today = startOfDay(now);
  const d = new Date(now);
  switch (choice.preset) {
    case 'last30Minutes':
      return ok(now - 30 * 60_000, now);
    case 'today':
      return ok(today, now);
    case 'yesterday':
      return ok(startOfDay(today - 1), today - 1);
    case 'past24Hours':
      return ok(now - DAY_MS, now);
    case 'last7Days':
      return ok(now - AUDIT_DEFAULT_PERIOD_MS, now);
    case 'last30Days':
      return ok(now - 30 * DAY_MS, now);
    case 'thisMonth':
      return ok(new Date(d.getFullYear(), d.getMonth(), 1).getTime(), now);
    case 'lastMonth':
      return ok(new Date(d.getFullYear(), d.getMonth() - 1, 1).getTime(), new Date(d.getFullYear(), d.getMonth(), 1).getTime() - 1);
    case 'thisYear':
      return ok(new Date(d.getFullYear(), 0, 1).getTime(), now);
    case 'custom': {
      const start = parseLocal(choice.from);
      const end = parseLocal(choice.to);
      if (start === null || end === null) return { period: null, error: 'Choose a start and an end.' };
      if (start > end) return { period: null, error: AUDIT_MESSAGES.badPeriod };
      // The end minute is included whole.
      return ok(start, end + 59_999);
    }
  }
}
