import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BACKUP_KINDS, BACKUP_STATUSES } from '@replay/contracts';
import { instances } from './instances';
import { tenants } from './tenants';

/**
 * The backups of an instance's data (modules/backups). A row is asked for first (pending;
 * the instance's `pending_backup_id` names the one the workflow takes next), then taken by
 * the workflow's backup step under the row's id as its name, then dropped from the
 * infrastructure once older than the operator's retention (deleted, the row kept for the
 * record). A version upgrade's own backup is recorded done at once (kind `upgrade`), once the
 * driver has taken it. The unique slot is the schedule's "once per day" across console processes.
 */
export const instanceBackups = pgTable(
  'instance_backups',
  {
    backupId: uuid('backup_id').primaryKey(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => instances.instanceId),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    kind: text('kind', { enum: BACKUP_KINDS }).notNull(),
    /** The daily slot (its time) a scheduled backup belongs to; null for one a member asked for. */
    slot: timestamp('slot', { withTimezone: true }),
    status: text('status', { enum: BACKUP_STATUSES }).notNull().default('pending'),
    bytes: bigint('bytes', { mode: 'number' }),
    failure: text('failure'),
    requestedBy: uuid('requested_by'),
    /** An upgrade's backup (kind `upgrade`): the upgrade's key, under which the driver took it (its name `upgrade-<key>`). */
    upgradeKey: text('upgrade_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('instance_backups_slot_uq').on(t.instanceId, t.slot),
    // One row per upgrade's backup: the step recording it again after a crash adds nothing.
    uniqueIndex('instance_backups_upgrade_key_uq').on(t.instanceId, t.upgradeKey),
    index('instance_backups_instance_created_idx').on(t.instanceId, t.createdAt),
    // The retention sweep: backups taken before a time.
    index('instance_backups_status_taken_idx').on(t.status, t.takenAt),
  ],
);
