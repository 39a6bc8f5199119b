import { z } from 'zod';
import { safeText } from '../safe';

/**
 * The maintenance window (spec sections 3 and 7): the form's day, frequency, hour and
 * meridiem make a cron, in UTC, which `POST …/{id}/maintenance-window {cron}` saves
 * (default every Monday at midnight). Only the crons the form can make are accepted: one
 * window a day at most, at a whole minute and hour, so "malformed" has one meaning on both
 * sides. The console computes the next window from it (the Upcoming Maintenance card shows
 * it in the user's time zone), and version upgrades asked to wait for it run then.
 */

export const MAINTENANCE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type MaintenanceFrequency = (typeof MAINTENANCE_FREQUENCIES)[number];
export const MAINTENANCE_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MERIDIEMS = ['AM', 'PM'] as const;
export type Meridiem = (typeof MERIDIEMS)[number];

/** Every Monday at midnight (UTC). */
export const DEFAULT_MAINTENANCE_CRON = '0 0 * * 1';

export const MAINTENANCE_MESSAGES = {
  /* The spec gives no wording for these; they say what happened, like the other settings. */
  saved: 'Maintenance window saved successfully',
  saveFailed: 'Failed to save maintenance window',
  malformed: 'cron must be a maintenance window: "M H * * *" (every day), "M H * * D" (every week) or "M H * * D#1" (the first D of every month), in UTC, with M 0-59, H 0-23 and D 0-6 (Sunday 0).',
} as const;

export const frequencyLabel = (frequency: MaintenanceFrequency, day: number): string =>
  frequency === 'daily' ? 'Every day' : frequency === 'weekly' ? `Every ${MAINTENANCE_DAYS[day]}` : `The first ${MAINTENANCE_DAYS[day]} of every month`;

/** The form's fields: `day` 0 (Sunday) to 6, ignored when daily; `hour` 1 to 12 with its meridiem; `minute` 0 to 59. */
export interface MaintenanceFields {
  frequency: MaintenanceFrequency;
  day: number;
  hour: number;
  meridiem: Meridiem;
  minute: number;
}

const CRON = /^(\d{1,2}) (\d{1,2}) \* \* (\*|[0-6](?:#1)?)$/;

/** The form's fields as a cron (UTC). */
export function maintenanceCron(f: MaintenanceFields): string {
  const hour24 = (f.hour % 12) + (f.meridiem === 'PM' ? 12 : 0);
  const day = f.frequency === 'daily' ? '*' : f.frequency === 'weekly' ? String(f.day) : `${f.day}#1`;
  return `${f.minute} ${hour24} * * ${day}`;
}

/** A cron's fields, or null when it is not one the form makes (the rule of "malformed"). */
export function maintenanceFields(cron: string): MaintenanceFields | null {
  const match = CRON.exec(cron);
  if (!match) return null;
  const minute = Number(match[1]);
  const hour24 = Number(match[2]);
  const dayField = match[3]!;
  if (minute > 59 || hour24 > 23) return null;
  const frequency: MaintenanceFrequency = dayField === '*' ? 'daily' : dayField.endsWith('#1') ? 'monthly' : 'weekly';
  const day = dayField === '*' ? 1 : Number(dayField[0]);
  return { frequency, day, minute, hour: hour24 % 12 === 0 ? 12 : hour24 % 12, meridiem: hour24 < 12 ? 'AM' : 'PM' };
}

/** POST …/{id}/maintenance-window. */
export const maintenanceBodySchema = z
  .strictObject({ cron: safeText(32).refine((cron) => maintenanceFields(cron) !== null, { error: MAINTENANCE_MESSAGES.malformed }) })
  .meta({ examples: [{ cron: '0 2 * * 0' }] });

/** GET and POST …/{id}/maintenance-window: the window, its fields, and when it next opens. */
export const maintenanceWindowSchema = z.object({
  cron: z.string(),
  frequency: z.enum(MAINTENANCE_FREQUENCIES),
  day: z.number().int(),
  hour: z.number().int(),
  meridiem: z.enum(MERIDIEMS),
  minute: z.number().int(),
  /** The next time the window opens (epoch ms). */
  nextWindowAt: z.number(),
  /** When a member last changed it (epoch ms), or null: the default since creation. */
  updatedAt: z.number().nullable(),
});
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;
