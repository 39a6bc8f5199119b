import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { pageQuery } from '../members';

/**
 * An instance's activity (spec section 3): what was asked of it and how it went, as the Events
 * tab, the details' latest events and the account's Activity screen read it.
 */

/** The spec's actions, then the lifecycle ones this console records. */
export const INSTANCE_ACTIVITY_ACTIONS = [
  'configUpdate',
  'retentionUpdate',
  'backup',
  'scaleUp',
  'upgrade',
  'diskCleanup',
  'changeMaintenanceWindow',
  'cors',
  /** The account's session settings' capture rate and condition sets applied to the instance (session-settings.ts). */
  'captureUpdate',
  /** The account's logger options (logger-options.ts) applied to the instance. */
  'loggerUpdate',
  /** The instance's network access list (access-list.ts), saved and applied to the instance. */
  'accessListUpdate',
  /** A backup put back into its instance (beyond the spec, which has only `backup`). */
  'restore',
  /** The spec's disk-upgrade event: pending while the disk grows (the storage rule of section 4 waits on it). */
  'disk-upgrade',
  'create',
  'start',
  'stop',
  'terminate',
  'rename',
  'protect',
  'health',
] as const;
export type InstanceActivityAction = (typeof INSTANCE_ACTIVITY_ACTIONS)[number];

export const INSTANCE_ACTIVITY_LABELS: Record<InstanceActivityAction, string> = {
  configUpdate: 'SSO Update',
  retentionUpdate: 'Retention Update',
  backup: 'Backup',
  scaleUp: 'Scale Up',
  upgrade: 'Upgrade',
  diskCleanup: 'Disk Cleanup',
  changeMaintenanceWindow: 'Maintenance Window Change',
  cors: 'CORS Update',
  captureUpdate: 'Capture Update',
  loggerUpdate: 'Logger Options Update',
  accessListUpdate: 'Network Access Update',
  restore: 'Restore',
  'disk-upgrade': 'Disk Upgrade',
  create: 'Create',
  start: 'Start',
  stop: 'Stop',
  terminate: 'Terminate',
  rename: 'Rename',
  protect: 'Termination Protection',
  health: 'Health',
};

/** pending: asked for and under way; success: done; failed: gave up (see comments). */
export const INSTANCE_ACTIVITY_STATUSES = ['pending', 'success', 'failed'] as const;
export type InstanceActivityStatus = (typeof INSTANCE_ACTIVITY_STATUSES)[number];

export const instanceActivitySchema = z.object({
  activityId: z.string(),
  instanceId: z.string(),
  userId: z.string().nullable(),
  userName: z.string(),
  action: z.enum(INSTANCE_ACTIVITY_ACTIONS),
  status: z.enum(INSTANCE_ACTIVITY_STATUSES),
  comments: z.string(),
  createdAt: z.number().int(),
});
export type InstanceActivity = z.infer<typeof instanceActivitySchema>;

export const instanceEventsQuerySchema = z.object(pageQuery(PAGE_SIZES.events));
export const instanceEventsSchema = z.object({ events: z.array(instanceActivitySchema), total: z.number().int() });
