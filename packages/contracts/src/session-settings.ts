import { z } from 'zod';
import { safeInt, safeText } from './safe';

/**
 * Session settings (spec section 4's entity, section 5's rules): how the account's session
 * replays are shown (time zone, shown time zone, duration filter, mouse trail, skip to issue)
 * and which sessions its instances record (capture rate, conditional capture). Kept per
 * account; the workflow pushes the capture part to every instance of the account, and the
 * agent applies it to what it accepts, and with it the display part (time zone, duration
 * filter, mouse trail, skip to issue), which the instance's session screens follow. The shown
 * time zone is the console's own.
 *
 * Capture model (the agent's `capture` config): a session is recorded when a stable hash of
 * its id falls under the capture rate (so a session is kept or dropped as a whole: 0 keeps
 * none, 100 keeps all), or when one of the condition sets matches a batch the tracker sends.
 * A set names a URL path prefix, a user id, or both; it matches when everything it names
 * matches (the batch's page path starts with the prefix, its user id is the one named).
 */

/** Every offset from UTC-12:00 to UTC+12:00 that a place keeps, half-hour and 45-minute ones included (spec section 9). */
export const SESSION_TIMEZONES = [
  'UTC-12:00',
  'UTC-11:00',
  'UTC-10:00',
  'UTC-09:30',
  'UTC-09:00',
  'UTC-08:00',
  'UTC-07:00',
  'UTC-06:00',
  'UTC-05:00',
  'UTC-04:00',
  'UTC-03:30',
  'UTC-03:00',
  'UTC-02:00',
  'UTC-01:00',
  'UTC+00:00',
  'UTC+01:00',
  'UTC+02:00',
  'UTC+03:00',
  'UTC+03:30',
  'UTC+04:00',
  'UTC+04:30',
  'UTC+05:00',
  'UTC+05:30',
  'UTC+05:45',
  'UTC+06:00',
  'UTC+06:30',
  'UTC+07:00',
  'UTC+08:00',
  'UTC+08:45',
  'UTC+09:00',
  'UTC+09:30',
  'UTC+10:00',
  'UTC+10:30',
  'UTC+11:00',
  'UTC+12:00',
] as const;
export type SessionTimezone = (typeof SESSION_TIMEZONES)[number];

export const SHOWN_TIMEZONES = ['user', 'local'] as const;
export const DURATION_OPERATORS = ['<', '>'] as const;
export const DURATION_UNITS = ['sec', 'min', 'hour'] as const;
export const MAX_CONDITION_SETS = 20;
const CONDITION_TEXT = 200;

export const SESSION_SETTINGS_MESSAGES = {
  uniqueNames: 'Condition set names must be unique',
  captureRate: 'Capture rate must be a whole number from 0 to 100.',
  timezone: 'Time zone must be one of UTC-12:00 to UTC+12:00.',
  conditionName: 'Condition set name is required',
  conditionEmpty: 'A condition set needs a URL path or a user id',
  urlPath: 'URL path must start with /',
  tooMany: `At most ${MAX_CONDITION_SETS} condition sets`,
  saved: 'Session settings saved successfully',
  saveFailed: 'Failed to save session settings',
} as const;

/** A condition set: sessions it matches are recorded whatever the capture rate. */
export const conditionSetSchema = z.strictObject({
  name: safeText(CONDITION_TEXT).min(1, SESSION_SETTINGS_MESSAGES.conditionName),
  /** A path prefix of the page (`/checkout`), or null. */
  urlPath: safeText(CONDITION_TEXT)
    .refine((p) => p.startsWith('/'), SESSION_SETTINGS_MESSAGES.urlPath)
    .nullable(),
  /** The id the tracker identified the user with, or null. */
  userId: safeText(CONDITION_TEXT).min(1).nullable(),
});
export type ConditionSet = z.infer<typeof conditionSetSchema>;

/** The capture rate as typed: empty (or null) becomes 0 (spec section 5); otherwise 0–100. */
const captureRateInput = z
  .union([z.literal(''), z.null(), safeInt({ min: 0, max: 100, message: SESSION_SETTINGS_MESSAGES.captureRate })], {
    error: SESSION_SETTINGS_MESSAGES.captureRate,
  })
  .transform((v) => (v === '' || v === null ? 0 : v));

const conditionsOf = z
  .array(conditionSetSchema)
  .max(MAX_CONDITION_SETS, SESSION_SETTINGS_MESSAGES.tooMany)
  .superRefine((sets, ctx) => {
    sets.forEach((set, i) => {
      if (set.urlPath === null && set.userId === null) ctx.addIssue({ code: 'custom', message: SESSION_SETTINGS_MESSAGES.conditionEmpty, path: [i] });
    });
    const names = sets.map((s) => s.name.toLowerCase());
    if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', message: SESSION_SETTINGS_MESSAGES.uniqueNames });
  });

const durationFilterSchema = z.strictObject({
  operator: z.enum(DURATION_OPERATORS),
  count: safeInt({ min: 0, max: 1_000_000 }),
  unit: z.enum(DURATION_UNITS),
});

const shape = {
  timezone: z.enum(SESSION_TIMEZONES, { error: SESSION_SETTINGS_MESSAGES.timezone }),
  shownTimezone: z.enum(SHOWN_TIMEZONES),
  durationFilter: durationFilterSchema,
  captureRate: captureRateInput,
  conditionalCapture: conditionsOf,
  mouseTrail: z.boolean(),
  skipToIssue: z.boolean(),
};

/** POST /session-settings: the whole settings at once. */
export const sessionSettingsBodySchema = z.strictObject(shape).meta({
  examples: [
    {
      timezone: 'UTC+00:00',
      shownTimezone: 'local',
      durationFilter: { operator: '<', count: 0, unit: 'sec' },
      captureRate: 100,
      conditionalCapture: [{ name: 'Checkout', urlPath: '/checkout', userId: null }],
      mouseTrail: true,
      skipToIssue: false,
    },
  ],
});
export type SessionSettingsBody = z.input<typeof sessionSettingsBodySchema>;
export type SessionSettingsValues = z.output<typeof sessionSettingsBodySchema>;

/** What the console answers: the settings, and `pending` while some running instance has not applied them yet (capture and display parts). */
export const sessionSettingsSchema = z.object({
  timezone: z.enum(SESSION_TIMEZONES),
  shownTimezone: z.enum(SHOWN_TIMEZONES),
  durationFilter: z.object({ operator: z.enum(DURATION_OPERATORS), count: z.number().int(), unit: z.enum(DURATION_UNITS) }),
  captureRate: z.number().int(),
  conditionalCapture: z.array(z.object({ name: z.string(), urlPath: z.string().nullable(), userId: z.string().nullable() })),
  mouseTrail: z.boolean(),
  skipToIssue: z.boolean(),
  pending: z.boolean(),
  /** When a member last saved them (epoch ms), or null: the defaults. */
  updatedAt: z.number().nullable(),
});
export type SessionSettings = z.infer<typeof sessionSettingsSchema>;

/** The spec's defaults: duration filter '<' 0 sec, mouse trail on; everything recorded. */
export const DEFAULT_SESSION_SETTINGS: SessionSettingsValues = {
  timezone: 'UTC+00:00',
  shownTimezone: 'local',
  durationFilter: { operator: '<', count: 0, unit: 'sec' },
  captureRate: 100,
  conditionalCapture: [],
  mouseTrail: true,
  skipToIssue: false,
};
