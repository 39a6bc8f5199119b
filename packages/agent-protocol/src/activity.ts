import { z } from 'zod';

/**
 * What the instance recorded in a period (`POST /api/admin/activity`), for the console's weekly
 * report: sessions that started in [from, to) (the session index), the distinct user ids among
 * them (sessions with no user id count none), and the JavaScript error occurrences the tracker
 * reported in it. Epoch milliseconds, `from` before `to`, at most a year apart.
 */
const YEAR_MS = 366 * 86_400_000;
const ACTIVITY_MESSAGE = 'Expected { "from", "to" }: epoch milliseconds, from before to, at most a year apart';
const epochMs = z.int({ error: ACTIVITY_MESSAGE }).min(0).max(8_640_000_000_000_000);

export const activityRequestSchema = z.strictObject({ from: epochMs, to: epochMs }, { error: ACTIVITY_MESSAGE }).refine((r) => r.from < r.to && r.to - r.from <= YEAR_MS, { error: ACTIVITY_MESSAGE });

export const activitySchema = z.object({
  from: z.number(),
  to: z.number(),
  sessions: z.number(),
  users: z.number(),
  errors: z.number(),
});

export type ActivityRequest = z.infer<typeof activityRequestSchema>;
export type Activity = z.infer<typeof activitySchema>;
