import { z } from 'zod';
import { INSTANCE_MESSAGES } from './instances';
import { safeUuid } from '../safe';

/**
 * Backups of an instance's data (issue 12; the spec shows only the Last Backup card and
 * the time, around 23:45 UTC). The console takes one of every running instance each day
 * at DAILY_BACKUP_TIME (UTC), a member may take one now, and any backup still kept can be
 * restored into its instance: its recordings replace the instance's, which keeps running.
 */

/** When the daily backup is taken, UTC (the spec's "around 23:45 UTC"). */
export const DAILY_BACKUP_TIME = '23:45';
/** How long backups are kept unless the console's operator sets another (BACKUP_RETENTION_DAYS). */
export const DEFAULT_BACKUP_RETENTION_DAYS = 7;

/** daily: the schedule's; manual: a member's; upgrade: taken by a version upgrade before it changed anything (its rollback's copy). */
export const BACKUP_KINDS = ['daily', 'manual', 'upgrade'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];
/** pending: being taken; done: kept and restorable; failed: see `failure`; deleted: past the retention, gone. */
export const BACKUP_STATUSES = ['pending', 'done', 'failed', 'deleted'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

export const BACKUP_MESSAGES = {
  /* The spec gives no wording for these. */
  notFound: 'Backup not found.',
  requested: 'Backup started',
  alreadyTaking: 'A backup of this instance is being taken already.',
  notRunningToBackUp: 'Start the instance to take a backup.',
  restoreRequested: 'Restore started',
  alreadyRestoring: 'A restore of this instance is under way already.',
  notRunningToRestore: 'Start the instance to restore a backup.',
  notRestorable: 'Only a backup that was taken and is still kept can be restored.',
  restoreConfirm: 'The recordings of this backup replace the instance’s recordings. Everything recorded after the backup was taken is removed. The instance keeps running.',
} as const;

const KIND_LABELS: Record<BackupKind, string> = { daily: 'Daily', manual: 'On demand', upgrade: 'Before upgrade' };
export const backupKindLabel = (kind: BackupKind): string => KIND_LABELS[kind];

/** …/backups/{backupId}/restore: both ids checked as UUIDs (400 otherwise), the instance's first. */
export const backupParamsSchema = z.object({ id: safeUuid(INSTANCE_MESSAGES.notFound), backupId: safeUuid(BACKUP_MESSAGES.notFound) });

export const instanceBackupSchema = z.object({
  backupId: z.string(),
  kind: z.enum(BACKUP_KINDS),
  status: z.enum(BACKUP_STATUSES),
  /** Epoch ms the backup was asked for (the daily slot's time for a daily one). */
  createdAt: z.number().int(),
  /** Epoch ms it was taken, once done. */
  takenAt: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  failure: z.string().nullable(),
});
export type InstanceBackup = z.infer<typeof instanceBackupSchema>;

/** GET …/{id}/backups: the newest first, with the schedule, and the restore under way if any. */
export const instanceBackupsSchema = z.object({
  backups: z.array(instanceBackupSchema),
  schedule: z.object({ enabled: z.boolean(), timeUtc: z.string(), retentionDays: z.number().int() }),
  /** The backup being restored, until the workflow has put it back. */
  restoringBackupId: z.string().nullable(),
  /** When the newest backup still kept was taken (the Last Backup card), or null. */
  lastBackupAt: z.number().int().nullable(),
});
export type InstanceBackups = z.infer<typeof instanceBackupsSchema>;
