import { z } from 'zod';
import { VERSIONS, compareVersions } from '../instance-lifecycle';
import { safeExactText } from '../safe';

/**
 * Product versions and the version upgrade (spec sections 2, 4, 7, 8 and 9).
 * An instance runs a version as major.minor (the instance row's `version`);
 * each is a release (`1.21.0`) that reads the events of trackers up to one
 * version. The server offers these plus any version its operator registers,
 * so the rules below take the offered list as an argument.
 */

/**
 * The compatibility table of spec section 9, console version → tracker and
 * Assist plugin. The spec gives one row (1.17.0 ↔ tracker 12.0.0) and the
 * span (1.17.0 to 1.21.0); each later minor release reads the next tracker
 * major, and the Assist plugin ships with the tracker under the same number
 * (see docs/decisions/instances.md). The agent holds the
 * tracker column (agent-protocol's TRACKER_COMPATIBILITY), which it applies
 * to ingest; a server test keeps the two equal.
 */
export const VERSION_CATALOGUE = [
  { version: '1.17', release: '1.17.0', tracker: '12.0.0', assist: '12.0.0' },
  { version: '1.18', release: '1.18.0', tracker: '13.0.0', assist: '13.0.0' },
  { version: '1.19', release: '1.19.0', tracker: '14.0.0', assist: '14.0.0' },
  { version: '1.20', release: '1.20.0', tracker: '15.0.0', assist: '15.0.0' },
  { version: '1.21', release: '1.21.0', tracker: '16.0.0', assist: '16.0.0' },
] as const satisfies readonly { version: (typeof VERSIONS)[number]; release: string; tracker: string; assist: string }[];
export type VersionCompatibility = (typeof VERSION_CATALOGUE)[number];

/**
 * The console's own version data (spec section 9): the release this console
 * is, and the tracker it was released with, the table's first row.
 */
export const CONSOLE_VERSION = VERSION_CATALOGUE[0].release;
export const CONSOLE_TRACKER_VERSION = VERSION_CATALOGUE[0].tracker;

/** The table's row for an instance's version; a version past the table (an operator's) reads as the newest row, as the agent does. */
export function compatibilityOf(version: string): VersionCompatibility {
  return VERSION_CATALOGUE.find((v) => v.version === version) ?? VERSION_CATALOGUE[VERSION_CATALOGUE.length - 1]!;
}

/** major.minor, as an instance's version is written. */
export const VERSION_PATTERN = /^\d{1,4}\.\d{1,4}$/;
export const isVersionText = (text: string): boolean => VERSION_PATTERN.test(text);

/** Spec section 8's words, and the refusals it leaves unworded (they name the rule). */
export const VERSION_MESSAGES = {
  started: 'Upgrade started successfully',
  startFailed: 'Failed to start upgrade',
  format: 'version must be major.minor, like 1.21.',
  unknown: (version: string) => `Version ${version} is not offered.`,
  downgrade: (current: string) => `Downgrades are refused: choose a version newer than ${current}.`,
  busy: 'The instance cannot be upgraded now: wait for the change under way to finish.',
  /** The details' alert title after the console undid a failed upgrade by itself. */
  rolledBack: (to: string, from: string) => `The upgrade to ${to} failed, so the instance was restored to ${from}`,
  /**
   * The alert's text under that title, and the failed upgrade's record: what happened and what to
   * do, in the member's terms. Why the version did not start is the operator's to read, in the
   * server's log (issue 42: the text once carried the console host's path to the agent's log).
   */
  didNotStart: (to: string) =>
    `Version ${to} did not start on this instance. Its recordings and settings are as they were before the upgrade. Try the upgrade again later, or contact support if it fails again.`,
  /** The instance's failure when the upgrade could not even be undone (the backup or the restore failed at the last attempt). */
  notFinished: (to: string) => `The upgrade to ${to} could not be finished. Contact support: the console's log says why.`,
  upgrading: (to: string) => `Upgrading to ${to}`,
  /** The details' line and the toast once an upgrade waits for the maintenance window; `when` is that window's opening as the reader's clock shows it. */
  scheduled: (version: string, when: string) => `Upgrade to ${version} scheduled for ${when}`,
  scheduleFailed: 'Failed to schedule upgrade',
  scheduleCancelled: 'Scheduled upgrade cancelled',
  cancelFailed: 'Failed to cancel the scheduled upgrade',
  noneScheduled: 'No upgrade is scheduled for this instance.',
} as const;

/**
 * How long a maintenance window stays open after its cron's time (hours). An
 * upgrade waiting for the window starts at any moment of it when the instance
 * is running with nothing else under way; one that could not start before the
 * window closes waits for the next window (see docs/decisions/instances.md).
 */
export const MAINTENANCE_WINDOW_HOURS = 4;
export const MAINTENANCE_WINDOW_MS = MAINTENANCE_WINDOW_HOURS * 3_600_000;

/** When an upgrade runs: at once, or in the instance's next maintenance window. */
export const UPGRADE_WHEN = ['now', 'maintenance'] as const;
export type UpgradeWhen = (typeof UPGRADE_WHEN)[number];

/**
 * How long a new version gets to answer its health check as that version
 * before the console restores the backup and the previous version. An agent
 * answers in well under a second; a minute allows a slow host.
 */
export const VERSION_UPGRADE_HEALTH_TIMEOUT_MS = 60_000;

/** One version an instance can run: its release and the newest tracker it reads (null: not stated). */
export const productVersionSchema = z.object({
  version: z.string(),
  release: z.string(),
  tracker: z.string().nullable(),
});
export type ProductVersion = z.infer<typeof productVersionSchema>;

/** GET /managed-saas/versions: every version offered, oldest first. */
export const versionsSchema = z.object({ versions: z.array(productVersionSchema) });
export type VersionsAnswer = z.infer<typeof versionsSchema>;

/**
 * POST …/{id}/version-upgrade. Whether the version is offered and newer needs the instance, so the server judges it with `versionUpgradeProblem`.
 * `when` 'maintenance' waits for the next maintenance window instead of starting now (the default, so older clients keep their meaning).
 */
export const versionUpgradeBodySchema = z
  .strictObject({ version: safeExactText(16).refine(isVersionText, VERSION_MESSAGES.format), when: z.enum(UPGRADE_WHEN).default('now') })
  .meta({ examples: [{ version: '1.21' }] });
export type VersionUpgradeBody = z.infer<typeof versionUpgradeBodySchema>;

/** The catalogue as the versions answer lists it. */
export const CATALOGUE_VERSIONS: readonly ProductVersion[] = VERSION_CATALOGUE.map(({ version, release, tracker }) => ({ version, release, tracker }));

/** Oldest first, by number ('1.9' before '1.10'). */
export const sortVersions = <T extends { version: string }>(list: readonly T[]): T[] => [...list].sort((a, b) => compareVersions(a.version, b.version));

/** The offered versions newer than `current`, oldest first: what 'Upgrade Now' offers. */
export function newerVersions<T extends { version: string }>(current: string, offered: readonly T[]): T[] {
  return sortVersions(offered.filter((v) => compareVersions(v.version, current) > 0));
}

/** What is wrong with moving from `current` to `next`, or null: an offered version, newer than the current one. */
export function versionUpgradeProblem(current: string, next: string, offered: readonly { version: string }[]): string | null {
  if (!isVersionText(next)) return VERSION_MESSAGES.format;
  if (!offered.some((v) => v.version === next)) return VERSION_MESSAGES.unknown(next);
  if (compareVersions(next, current) <= 0) return VERSION_MESSAGES.downgrade(current);
  return null;
}
