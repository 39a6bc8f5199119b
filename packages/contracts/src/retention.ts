import { z } from 'zod';
import { DEFAULT_RETENTION_DAYS, RETENTION_DAY_OPTIONS } from './catalogue';

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
} as const;

export const retentionLabel = (days: RetentionDays | number | null): string => (days === null ? 'Unlimited' : `${days} days`);

export const isRetentionDays = (days: unknown): days is RetentionDays => (RETENTION_DAY_OPTIONS as readonly unknown[]).includes(days);

/** POST …/{id}/config-disk-usage. */
export const retentionBodySchema = z
  .strictObject({ days: z.custom<RetentionDays>(isRetentionDays, { error: RETENTION_MESSAGES.days }) })
  .meta({ examples: [{ days: DEFAULT_RETENTION_DAYS }] });

/** GET …/{id}/config-disk-usage, and the retention part of GET …/config: `pending` until the workflow applied the last save. */
export const retentionSchema = z.object({
  days: z.number().int().nullable(),
  pending: z.boolean(),
  /** When a member last saved it (epoch ms), or null: the default since creation. */
  updatedAt: z.number().nullable(),
});
export type Retention = z.infer<typeof retentionSchema>;
