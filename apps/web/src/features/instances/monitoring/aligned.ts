import type { GraphWindow } from './ranges';

/** `[epoch seconds, value]`, as the graphs call answers each point. */
export type Point = readonly [number, number];

/** uPlot's data: the times, then one array per series with null where a step has no point. */
export type AlignedSeries = [times: number[], ...values: (number | null)[][]];

/**
 * Puts series of points on one time grid of `step` seconds covering the
 * window (the server's buckets: `floor(t / step) * step`), with null where a
 * step has no point. The server leaves a minute without a sample out (a
 * stopped instance, a missed round); drawn from the points alone a line would
 * bridge that period, and a zero would claim the instance was idle. A null
 * with `spanGaps: false` draws it as what it is: a gap.
 */
export function alignSeries(window: GraphWindow, series: readonly (readonly Point[])[]): AlignedSeries {
  const { step } = window;
  const first = Math.floor(window.start / step) * step;
  const last = Math.floor(window.end / step) * step;
  const times: number[] = [];
  for (let t = first; t <= last; t += step) times.push(t);
  const values = series.map((points) => {
    const row: (number | null)[] = new Array<number | null>(times.length).fill(null);
    for (const [t, v] of points) {
      const i = Math.round((t - first) / step);
      // A point off the grid (another step's answer) is not placed at a wrong time.
      if (i >= 0 && i < times.length && times[i] === t) row[i] = v;
    }
    return row;
  });
  return [times, ...values];
}

/** What a series says in words: the latest value and its time, the lowest and highest, and how many steps had data. */
export interface SeriesSummary {
  latest: { time: number; value: number } | null;
  min: number | null;
  max: number | null;
  sampled: number;
  steps: number;
}

export function summarize(times: readonly number[], values: readonly (number | null)[]): SeriesSummary {
  let latest: SeriesSummary['latest'] = null;
  let min: number | null = null;
  let max: number | null = null;
  let sampled = 0;
  values.forEach((v, i) => {
    if (v === null) return;
    sampled += 1;
    latest = { time: times[i]!, value: v };
    min = min === null ? v : Math.min(min, v);
    max = max === null ? v : Math.max(max, v);
  });
  return { latest, min, max, sampled, steps: times.length };
}

/**
 * The indices of values with no neighbour on either side: a line needs two
 * points, so a lone sample between gaps (an instance's first minute) would
 * not show at all unless drawn as a dot.
 */
export function isolatedIndices(values: ArrayLike<number | null | undefined>): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) {
    if (values[i] != null && values[i - 1] == null && values[i + 1] == null) out.push(i);
  }
  return out;
}
