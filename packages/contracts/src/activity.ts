import { z } from 'zod';
import { PAGE_SIZES } from './constants';
import { pageQuery } from './members';

/** The console activity log (spec sections 2 'Activity', 3 'Console activity item'). */

/** GET /managed-saas/activities: newest first; the query matches the event, its action key or who did it. */
export const activitiesQuerySchema = z.object(pageQuery(PAGE_SIZES.activities));

export const consoleActivitySchema = z.object({
  activityId: z.string(),
  /** A stable key, e.g. 'member.invited'. */
  action: z.string(),
  /** The Event column. */
  message: z.string(),
  instanceName: z.string().nullable(),
  /** The By column: the member's name, or 'System'. */
  userName: z.string(),
  /** The Time column, epoch milliseconds. */
  timestamp: z.number().int(),
});
export type ConsoleActivity = z.infer<typeof consoleActivitySchema>;

export const activitiesListSchema = z.object({
  activities: z.array(consoleActivitySchema),
  total: z.number().int().min(0),
});
