import { GRAPH_STEP_SECONDS } from '@replay/contracts';

/**
 * The spec's monitoring windows (section 9: 1 h, 2 h, 1 day, 7 days). Each asks
 * the server for a step that keeps a series at about 1,000 points at most: a
 * chart is a few hundred pixels wide, and the server averages whole minutes.
 */
export const MONITORING_RANGES = [
  { value: '1h', label: '1 hour', seconds: 3600, step: GRAPH_STEP_SECONDS },
  { value: '2h', label: '2 hours', seconds: 2 * 3600, step: GRAPH_STEP_SECONDS },
  { value: '1d', label: '1 day', seconds: 24 * 3600, step: 5 * 60 },
  { value: '7d', label: '7 days', seconds: 7 * 24 * 3600, step: 10 * 60 },
] as const;

export type MonitoringRange = (typeof MONITORING_RANGES)[number];
export type RangeValue = MonitoringRange['value'];

export const DEFAULT_RANGE: MonitoringRange = MONITORING_RANGES[0];

/** The range named in the address (`?range=1d`); the default for anything else. */
export function readRange(raw: string | null): MonitoringRange {
  return MONITORING_RANGES.find((r) => r.value === raw) ?? DEFAULT_RANGE;
}

export type GraphWindow = {
  start: number;
  end: number;
  step: number;
};

/** The window ending now, in whole epoch seconds (the server's unit for graphs). */
export function windowFor(range: MonitoringRange, nowMs: number): GraphWindow {
  const end = Math.floor(nowMs / 1000);
  return { start: end - range.seconds, end, step: range.step };
}
