import { z } from 'zod';
import { diskAlertSchema } from './disk';
import { INT4_MAX, safeInt } from '../safe';

/**
 * Monitoring on the wire (spec: instance details, section 7 graphs and
 * statistics, section 9 timings): the graphs of one instance over a window
 * and its latest figures. Times are epoch seconds, as the spec says; values
 * are percentages (cpu, memory, disk) and bytes per second (network).
 */

/** The spec's step: one point a minute, which is also how often the console samples. */
export const GRAPH_STEP_SECONDS = 60;
/** The spec's longest window (section 9: 1 h, 2 h, 1 day, 7 days), which is also how long samples are kept. */
export const MONITORING_RETENTION_SECONDS = 7 * 24 * 3600;
/** A browser's clock may run a little off the server's: a 7-day window it computed still passes. */
export const GRAPH_WINDOW_SLACK_SECONDS = 10 * 60;
export const MAX_GRAPH_WINDOW_SECONDS = MONITORING_RETENTION_SECONDS + GRAPH_WINDOW_SLACK_SECONDS;
/** The coarsest step a caller may ask for (a 7-day chart in 168 points); steps are whole minutes. */
export const MAX_GRAPH_STEP_SECONDS = 3600;
/** Spec section 9: a usage bar (CPU, memory, disk) turns red at this percentage or more. */
export const USAGE_ALERT_PERCENT = 80;
/** Times up to the year 6053: far beyond any sample, and every minute of them is a whole int4 count. */
const MAX_EPOCH_SECONDS = INT4_MAX * 60;

export const MONITORING_MESSAGES = {
  /** The details page's toast when either call fails (spec section 8). */
  statisticsFailed: 'Failed to fetch instance statistics',
  time: `start and end must be whole epoch seconds from 0 to ${MAX_EPOCH_SECONDS}.`,
  startAfterEnd: 'start must not be after end.',
  windowTooLong: 'The window from start to end must be at most 7 days.',
  step: `step must be a whole number of minutes from ${GRAPH_STEP_SECONDS} to ${MAX_GRAPH_STEP_SECONDS} seconds.`,
} as const;

const epochSeconds = safeInt({ min: 0, max: MAX_EPOCH_SECONDS, from: 'query', message: MONITORING_MESSAGES.time });

/**
 * `?start&end` in epoch seconds, and `step` (60 unless asked: a coarser step
 * averages whole minutes, for charts wider than their pixels). The window is
 * bounded, so no call reads more than 7 days of one instance's minutes.
 */
export const graphsQuerySchema = z
  .object({
    start: epochSeconds,
    end: epochSeconds,
    step: safeInt({ min: GRAPH_STEP_SECONDS, max: MAX_GRAPH_STEP_SECONDS, from: 'query', message: MONITORING_MESSAGES.step })
      .refine((s) => s % GRAPH_STEP_SECONDS === 0, MONITORING_MESSAGES.step)
      .default(GRAPH_STEP_SECONDS),
  })
  .refine((q) => q.start <= q.end, { message: MONITORING_MESSAGES.startAfterEnd, path: ['start'] })
  .refine((q) => q.end - q.start <= MAX_GRAPH_WINDOW_SECONDS, { message: MONITORING_MESSAGES.windowTooLong, path: ['end'] })
  .meta({ examples: [{ start: 1_767_225_600, end: 1_767_229_200 }] });
export type GraphsQuery = z.infer<typeof graphsQuerySchema>;

/** `[time (epoch seconds), value]`; a minute without a sample (a stopped instance) has no point: a gap, never a zero. */
export const graphPointSchema = z.tuple([z.number(), z.number()]);
const series = z.array(graphPointSchema);

export const graphsSchema = z.object({
  start: z.number().int(),
  end: z.number().int(),
  step: z.number().int(),
  /** Percent of the instance's vCPUs. */
  cpu: series,
  /** Percent of the instance's memory. */
  memory: series,
  /** Percent of the instance's disk. */
  disk: series,
  /** Bytes per second through the instance's own server, in and out together, and each way. */
  network: series,
  networkIn: series,
  networkOut: series,
});
export type Graphs = z.infer<typeof graphsSchema>;

/** The latest sample's percentages (spec section 3, config statistics); all null before the first sample. */
export const statisticsSchema = z.object({
  cpu: z.number().nullable(),
  memory: z.number().nullable(),
  disk: z.number().nullable(),
  /** When the sample was taken, epoch ms. */
  sampledAt: z.number().int().nullable(),
  /** From the latest disk percentage (disk.ts: warning at 80 %, critical where the agent stops recording); null below. */
  diskAlert: diskAlertSchema,
  /** 'Full in about N days' from the stored disk series, when its trend allows a forecast; else null. */
  diskFullInDays: z.number().int().nullable(),
});
export type Statistics = z.infer<typeof statisticsSchema>;
