import { z } from 'zod';
import { DEFAULT_RETENTION_DAYS, RETENTION_DAY_OPTIONS } from '../instance-lifecycle';

/**
 * Data retention (spec sections 2, 7 and 9): how long an instance keeps its recordings.
 * The agent removes what is older, at once when the retention shortens and then every
 * hour. Saved through `POST …/{id}/config-disk-usage {days}`; `days: null` is Unlimited.
 */

export type RetentionDays = (typeof RETENTION_DAY_OPTIONS)[number];

export const RETENTION_MESSAGES = {
  /* The spec gives no wording for these; they say what happened, like the CORS tab's. */
  saved: 'Data retention saved successfully',
  saveFailed: 'Failed to save data retention',
  days: `days must be one of ${RETENTION_DAY_OPTIONS.map((d) => d ?? 'null (Unlimited)').join(', ')}.`,
  pending: 'Being applied to the instance…',
  /** GET …/config-disk-usage's `recent`, measured by the running instance. */
  recentUsage: (days: number, size: string) => `The recordings of the last ${days} days take ${size} on the instance.`,
  accountScope: 'Data retention for the whole account applies to every instance: your role must cover all instances to change it.',
  accountSaved: (applied: number) => `Data retention is being applied to ${applied} ${applied === 1 ? 'instance' : 'instances'}`,
  accountBusy: (names: readonly string[]) => `Busy with another change, left as they were: ${names.join(', ')}. Save again once it is done.`,
} as const;

export const retentionLabel = (days: RetentionDays | number | null): string => (days === null ? 'Unlimited' : `${days} days`);

export const isRetentionDays = (days: unknown): days is RetentionDays => (RETENTION_DAY_OPTIONS as readonly unknown[]).includes(days);

/** POST …/{id}/config-disk-usage. */
export const retentionBodySchema = z.strictObject({ days: z.custom<RetentionDays>(isRetentionDays, { error: RETENTION_MESSAGES.days }) }).meta({ examples: [{ days: DEFAULT_RETENTION_DAYS }] });

/** GET …/{id}/config-disk-usage, and the retention part of GET …/config: `pending` until the workflow applied the last save. */
export const retentionSchema = z.object({
  days: z.number().int().nullable(),
  pending: z.boolean(),
  /** When a member last saved it (epoch ms), or null: the default since creation. */
  updatedAt: z.number().nullable(),
});
export type Retention = z.infer<typeof retentionSchema>;

/** Spec section 7: the read of …/config-disk-usage is fixed at 10 days. */
export const RETENTION_READ_DAYS = 10;

/**
 * GET …/{id}/config-disk-usage: the retention, and the disk the recordings of the last 10 days
 * take (today and the 10 whole days before it: what a 10-day retention keeps), measured by the
 * running instance; `bytes` and `measuredAt` are null while it does not run or did not answer.
 */
export const retentionReadSchema = retentionSchema.extend({
  recent: z.object({ days: z.literal(RETENTION_READ_DAYS), bytes: z.number().int().nullable(), measuredAt: z.number().int().nullable() }),
});
export type RetentionRead = z.infer<typeof retentionReadSchema>;

const instanceNamedSchema = z.object({ instanceId: z.string(), name: z.string() });

/**
 * POST /managed-saas/config-disk-usage (spec section 7, account-wide): one retention for every
 * instance of the account that is not terminated, each saved as its own `…/{id}/config-disk-usage`
 * would be. An instance in the middle of another change is left as it was and named in `busy`.
 */
export const accountRetentionSchema = z.object({
  days: z.number().int().nullable(),
  applied: z.array(instanceNamedSchema),
  busy: z.array(instanceNamedSchema),
});
export type AccountRetention = z.infer<typeof accountRetentionSchema>;
