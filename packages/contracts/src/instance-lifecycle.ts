import { z } from 'zod';

/** What an instance goes through after the catalogue's choices: its statuses, versions, disk and retention bounds. */

export const INSTANCE_STATUSES = [
  'creating',
  'initializing',
  'running',
  'stopping',
  'stopped',
  'starting',
  'terminating',
  'terminated',
  'upgrading',
  'disk-upgrade',
  'switch-instance',
  'version-upgrading',
] as const;
export const instanceStatusSchema = z.enum(INSTANCE_STATUSES);
export type InstanceStatus = z.infer<typeof instanceStatusSchema>;

/** Product versions an instance can run, as major.minor, oldest first; new instances get the latest. */
export const VERSIONS = ['1.17', '1.18', '1.19', '1.20', '1.21'] as const;
export const versionSchema = z.enum(VERSIONS);
export const LATEST_VERSION = VERSIONS[VERSIONS.length - 1] as (typeof VERSIONS)[number];

/** Numeric compare of major.minor strings, so '1.9' < '1.10'. */
export function compareVersions(a: string, b: string): number {
  const [aMajor = 0, aMinor = 0] = a.split('.').map(Number);
  const [bMajor = 0, bMinor = 0] = b.split('.').map(Number);
  return aMajor - bMajor || aMinor - bMinor;
}

/** Disk resizing limits (spec sections 5 and 9): upward only, to 4096 GB in steps of 10. */
export const DISK_MAX_GB = 4096;
export const DISK_STEP_GB = 10;

/** Retention choices in days; null is 'Unlimited'. */
export const RETENTION_DAY_OPTIONS = [null, 90, 30, 20, 7] as const;
export const DEFAULT_RETENTION_DAYS = 7;
export const CLEANUP_DAY_OPTIONS = [1, 3, 7, 14, 30] as const;
export const DEFAULT_CLEANUP_DAYS = 7;
export const CLEANUP_INTERVAL_MS = 6 * 60 * 60 * 1000;
