import { z } from 'zod';
import { storagePrice, type Provider } from '../catalogue';
import { CLEANUP_DAY_OPTIONS, DEFAULT_CLEANUP_DAYS, DISK_MAX_GB, DISK_STEP_GB } from '../instance-lifecycle';
import type { Micros } from '../money';
import { safeInt } from '../safe';

/**
 * Manage Disk (spec sections 4, 5, 8 and 9): growing the disk, cleaning up
 * old recordings, and the alerts and forecast read from the disk usage. The
 * rules live here so the drawer enables exactly what the server accepts.
 */

/** Section 8's words, and the refusals the spec leaves unworded (they name the rule). */
export const DISK_MESSAGES = {
  increaseFailed: 'Failed to increase disk size',
  cleanupInitiated: 'Disk cleanup request has been initiated',
  cleanupOncePerInterval: 'You can only request for cleanup once in 6 hours',
  warning: 'Your disk is almost full. Please free up some space.',
  critical: 'Your disk is full and session recordings are stopped. Please increase your disk space or clean up some space.',
  diskSize: `The disk size must be a whole number of GB, a multiple of ${DISK_STEP_GB}, up to ${DISK_MAX_GB}.`,
  notLarger: (currentGb: number) => `The new disk size must be larger than the current ${currentGb} GB.`,
  storageBusy: 'The disk cannot change now: a disk upgrade or an instance switch is under way.',
  billingRequired: 'Add payment details to increase the disk size.',
  cleanupDays: `days must be one of ${CLEANUP_DAY_OPTIONS.join(', ')}.`,
} as const;

/* ---------- disk upgrade ---------- */

/** What is wrong with growing `currentGb` to `nextGb`, or null: upward only, to 4096 GB, in steps of 10. */
export function diskUpgradeProblem(currentGb: number, nextGb: number): string | null {
  if (!Number.isInteger(nextGb) || nextGb % DISK_STEP_GB !== 0 || nextGb > DISK_MAX_GB || nextGb < DISK_STEP_GB) return DISK_MESSAGES.diskSize;
  if (nextGb <= currentGb) return DISK_MESSAGES.notLarger(currentGb);
  return null;
}

/** POST …/{id}/disk-upgrade. The "larger than now" part needs the instance, so the server judges it with `diskUpgradeProblem`. */
export const diskUpgradeBodySchema = z
  .strictObject({
    diskSize: safeInt({ min: DISK_STEP_GB, max: DISK_MAX_GB, message: DISK_MESSAGES.diskSize }).refine((gb) => gb % DISK_STEP_GB === 0, DISK_MESSAGES.diskSize),
  })
  .meta({ examples: [{ diskSize: 130 }] });
export type DiskUpgradeBody = z.infer<typeof diskUpgradeBodySchema>;

/**
 * The drawer's price before anything changes (spec section 9): monthly disk
 * cost = new GB × the region's unit price × 24 × 30, in integer µ$, with
 * what it adds to today's, per month and per hour (what the invoice's storage line
 * charges for each hour, billing's metering).
 */
export function diskUpgradeQuote(provider: Provider, region: string, currentGb: number, nextGb: number): { monthly: Micros; currentMonthly: Micros; difference: Micros; hourlyDifference: Micros } {
  const next = storagePrice(provider, region, nextGb);
  const today = storagePrice(provider, region, currentGb);
  return { monthly: next.monthly, currentMonthly: today.monthly, difference: next.monthly - today.monthly, hourlyDifference: next.hourly - today.hourly };
}

/* ---------- cleanup ---------- */

export type CleanupDays = (typeof CLEANUP_DAY_OPTIONS)[number];
export const isCleanupDays = (days: number): days is CleanupDays => (CLEANUP_DAY_OPTIONS as readonly number[]).includes(days);

/** POST …/{id}/cleanup: recordings older than `days` (1, 3, 7, 14 or 30; 7 unless said) are removed. */
export const cleanupBodySchema = z
  .strictObject({
    days: safeInt({ min: 1, max: 30, message: DISK_MESSAGES.cleanupDays }).refine(isCleanupDays, DISK_MESSAGES.cleanupDays).default(DEFAULT_CLEANUP_DAYS),
  })
  .meta({ examples: [{ days: 7 }] });
export type CleanupBody = z.infer<typeof cleanupBodySchema>;

/**
 * The cleanup is accepted, not yet done: the instance's workflow runs it on
 * the agent and records what it freed in the instance's events (a
 * `diskCleanup` record), so the answer cannot say how much it freed.
 */
export const cleanupAnswerSchema = z.object({
  message: z.string(),
  days: z.number().int(),
  /** When the cleanup was asked for, epoch ms; the next may be asked 6 hours later. */
  createdAt: z.number().int(),
});
export type CleanupAnswer = z.infer<typeof cleanupAnswerSchema>;

/** GET …/{id}/last-cleanup: null while the instance was never cleaned up; `pendingDays` while an accepted cleanup has not yet run. */
export const lastCleanupSchema = z.object({
  createdAt: z.number().int().nullable(),
  nextAllowedAt: z.number().int().nullable(),
  pendingDays: z.number().int().nullable(),
});
export type LastCleanup = z.infer<typeof lastCleanupSchema>;

/** GET …/{id}/cleanup-preview: for each age of the drawer, the bytes a cleanup would free, as the agent counts them now. */
export const cleanupPreviewSchema = z.object({
  ages: z.array(z.object({ days: z.number().int(), bytes: z.number().int() })),
  usedBytes: z.number().int(),
  totalBytes: z.number().int(),
});
export type CleanupPreview = z.infer<typeof cleanupPreviewSchema>;

/* ---------- alerts and forecast ---------- */

/**
 * Disk alert thresholds, in percent of the instance's disk. Warning at 80 %,
 * where the usage bars turn red (spec section 9); critical at 99 %, where the
 * agent stops accepting recordings (the agent protocol's
 * RECORDING_STOPS_AT_PERCENT, held equal by a server test), so "recordings are
 * stopped" is true whenever it is shown.
 */
export const DISK_ALERT_PERCENT = { warning: 80, critical: 99 } as const;
export const DISK_ALERTS = ['warning', 'critical'] as const;
export type DiskAlert = (typeof DISK_ALERTS)[number];
export const diskAlertSchema = z.enum(DISK_ALERTS).nullable();

export function diskAlertOf(diskPercent: number | null): DiskAlert | null {
  if (diskPercent === null) return null;
  if (diskPercent >= DISK_ALERT_PERCENT.critical) return 'critical';
  if (diskPercent >= DISK_ALERT_PERCENT.warning) return 'warning';
  return null;
}

export const DISK_ALERT_MESSAGES: Record<DiskAlert, string> = { warning: DISK_MESSAGES.warning, critical: DISK_MESSAGES.critical };

/** A trend needs this much history (6 hours) before it says anything, and says nothing beyond a year. */
export const FORECAST_MIN_SPAN_SECONDS = 6 * 3600;
export const FORECAST_MIN_POINTS = 6;
export const FORECAST_MAX_DAYS = 365;

/**
 * 'Full in about N days': a least-squares line through the disk series
 * (`[epoch seconds, percent]`), extended from its last point to 100 %.
 * Null when the history is too short, the disk is not filling, or full is
 * more than a year away; 0 when it is full already (else at least 1). Whole days, rounded up,
 * so "about 1 day" is never said of something two days out.
 */
export function diskFullForecastDays(series: readonly (readonly [number, number])[]): number | null {
  if (series.length < FORECAST_MIN_POINTS) return null;
  const first = series[0]![0];
  const last = series[series.length - 1]!;
  if (last[0] - first < FORECAST_MIN_SPAN_SECONDS) return null;
  if (last[1] >= 100) return 0;
  const n = series.length;
  let sx = 0;
  let sy = 0;
  for (const [t, v] of series) {
    sx += t - first;
    sy += v;
  }
  const mx = sx / n;
  const my = sy / n;
  let sxy = 0;
  let sxx = 0;
  for (const [t, v] of series) {
    const dx = t - first - mx;
    sxy += dx * (v - my);
    sxx += dx * dx;
  }
  if (sxx === 0) return null;
  const perSecond = sxy / sxx;
  if (!(perSecond > 0)) return null;
  const fittedNow = my + perSecond * (last[0] - first - mx);
  const seconds = Math.max(0, (100 - fittedNow) / perSecond);
  const days = Math.max(1, Math.ceil(seconds / 86_400));
  return days > FORECAST_MAX_DAYS ? null : days;
}

const BYTE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;

/** Bytes in decimal units, as the disk figures read elsewhere: '0 B', '3 kB', '1.5 MB', '12 GB'. */
export function formatBytes(bytes: number): string {
  let n = bytes;
  let unit = 0;
  while (Math.abs(n) >= 1000 && unit < BYTE_UNITS.length - 1) {
    n /= 1000;
    unit += 1;
  }
  const shown = unit === 0 || n >= 100 ? Math.round(n) : Math.round(n * 10) / 10;
  return `${shown} ${BYTE_UNITS[unit]}`;
}
