import { z } from 'zod';
import { instanceActivitySchema } from './instance-activity';
import { instanceSchema } from './instances';

/** How many of its latest events an instance's details carry (spec section 3: latestEvents); the Events tab pages through the rest. */
export const LATEST_EVENTS_COUNT = 5;

const { lastStorageUpdateAt, pendingVersion, scheduledUpgrade, ...requiredInstanceFields } = instanceSchema.shape;

/**
 * GET /managed-saas/instances/{id}: the instance and its latest events, newest first. The events
 * come before the instance's optional fields: the compiled serializer writes required fields
 * first, so only this order is written the same by it and by zod.
 */
export const instanceDetailsSchema = z.object({
  ...requiredInstanceFields,
  latestEvents: z.array(instanceActivitySchema).max(LATEST_EVENTS_COUNT),
  lastStorageUpdateAt,
  pendingVersion,
  scheduledUpgrade,
});
export type InstanceDetails = z.infer<typeof instanceDetailsSchema>;
