import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_MAINTENANCE_CRON, DEFAULT_RETENTION_DAYS, INSTANCE_ACTIVITY_ACTIONS, INSTANCE_ACTIVITY_STATUSES, INSTANCE_SIZES, INSTANCE_STATUSES, PROVIDERS } from '@replay/contracts';
import { tenants } from './tenants';

/** The identity provider an instance's SSO uses: public settings only (the certificate is the IdP's public one). */
export interface SsoIdp {
  entityId: string;
  name: string;
  ssoUrl: string;
  sloUrl: string | null;
  certPem: string;
}

/**
 * A hosted instance. The row is the console's wish and its view of the
 * instance; the infrastructure driver holds what is actually running, and the
 * provisioning workflow moves one towards the other (see modules/instances).
 */
export const instances = pgTable(
  'instances',
  {
    instanceId: uuid('instance_id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    status: text('status', { enum: INSTANCE_STATUSES }).notNull().default('creating'),
    /** A workflow step is under way (spec: inProgress); false once it settles or gives up. */
    inProgress: boolean('in_progress').notNull().default(false),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    region: text('region').notNull(),
    size: text('size', { enum: INSTANCE_SIZES }).notNull(),
    /** The slug chosen at creation; unique among instances not terminated. */
    url: text('url').notNull(),
    /** Where the driver serves it; known once provisioned. */
    instanceUrl: text('instance_url'),
    healthCheckUrl: text('health_check_url'),
    version: text('version').notNull(),
    diskSize: integer('disk_size').notNull(),
    storageInProgress: boolean('storage_in_progress').notNull().default(false),
    /** The size a disk upgrade under way grows to (set with storageInProgress, cleared with it); the workflow's disk step reads it. */
    pendingDiskSize: integer('pending_disk_size'),
    lastStorageUpdateAt: timestamp('last_storage_update_at', { withTimezone: true }),
    /** The last accepted cleanup request: the once-per-6-hours rule is a compare-and-set on it. */
    lastCleanupAt: timestamp('last_cleanup_at', { withTimezone: true }),
    /** The age (days) of an accepted cleanup the workflow has not yet run on the agent; cleared when it has. */
    pendingCleanupDays: integer('pending_cleanup_days'),
    /** The instance type a Switch Instance under way moves to (status upgrading); cleared when it settles. */
    pendingSize: text('pending_size', { enum: INSTANCE_SIZES }),
    /** The version a version upgrade under way moves to (status version-upgrading); cleared when it settles or rolls back. */
    pendingVersion: text('pending_version'),
    /**
     * An upgrade waiting for the maintenance window: the version, and the window's opening it waits for
     * (both null when none waits). The maintenance round starts it in that window, or moves it to the next.
     */
    scheduledVersion: text('scheduled_version'),
    scheduledVersionAt: timestamp('scheduled_version_at', { withTimezone: true }),
    /**
     * The instance's configuration as members saved it, one setting per group: the CORS
     * tab's origins allowed to send recordings (empty: any) and the data retention in days
     * (null: unlimited). Each setting's `…Version` counts its saves and `…AppliedVersion` is
     * the last one the workflow's config step applied to the agent: behind means pending.
     */
    corsOrigins: jsonb('cors_origins').$type<string[]>().notNull().default([]),
    corsVersion: integer('cors_version').notNull().default(0),
    corsAppliedVersion: integer('cors_applied_version').notNull().default(0),
    corsUpdatedAt: timestamp('cors_updated_at', { withTimezone: true }),
    retentionDays: integer('retention_days').default(DEFAULT_RETENTION_DAYS),
    retentionVersion: integer('retention_version').notNull().default(0),
    retentionAppliedVersion: integer('retention_applied_version').notNull().default(0),
    retentionUpdatedAt: timestamp('retention_updated_at', { withTimezone: true }),
    /**
     * The SSO tab's identity provider (null: none) and whether password sign-in is off, with
     * their version pair as the CORS origins have (applied by the config step).
     */
    ssoIdp: jsonb('sso_idp').$type<SsoIdp>(),
    ssoEnforce: boolean('sso_enforce').notNull().default(false),
    ssoVersion: integer('sso_version').notNull().default(0),
    ssoAppliedVersion: integer('sso_applied_version').notNull().default(0),
    ssoUpdatedAt: timestamp('sso_updated_at', { withTimezone: true }),
    /**
     * The network access list (contracts' access-list.ts: addresses or ranges, each with a comment;
     * empty: every address), with its version pair as the CORS origins have.
     */
    accessList: jsonb('access_list').$type<{ address: string; comment: string }[]>().notNull().default([]),
    accessListVersion: integer('access_list_version').notNull().default(0),
    accessListAppliedVersion: integer('access_list_applied_version').notNull().default(0),
    accessListUpdatedAt: timestamp('access_list_updated_at', { withTimezone: true }),
    /** The account's session settings version (session_settings.version) this instance's agent last took; behind means pending. */
    captureAppliedVersion: integer('capture_applied_version').notNull().default(0),
    /** The account's logger options version (logger_options.version) this instance's agent last took; behind means pending. */
    loggerAppliedVersion: integer('logger_applied_version').notNull().default(0),
    /**
     * The instance's projects' keys (modules/projects): a project's create or delete counts the version
     * up; the applied one is the last key set the config step gave the agent. An instance's create
     * starts it one ahead (instances.lifecycle.ts; migration 0034 did so for those before it), so its first run gives the agent its default project's key.
     */
    projectKeysVersion: integer('project_keys_version').notNull().default(0),
    projectKeysAppliedVersion: integer('project_keys_applied_version').notNull().default(0),
    /** When maintenance may run (a cron in UTC, one the form makes: contracts' maintenance.ts); upgrades asked to wait run then. */
    maintenanceCron: text('maintenance_cron').notNull().default(DEFAULT_MAINTENANCE_CRON),
    maintenanceUpdatedAt: timestamp('maintenance_updated_at', { withTimezone: true }),
    /** The backup the workflow takes next (modules/backups); null when none waits. */
    pendingBackupId: uuid('pending_backup_id'),
    /** A restore asked for: the backup to put back, and the request's id (the agent restores each id once). */
    restoreBackupId: uuid('restore_backup_id'),
    restoreId: uuid('restore_id'),
    /** The trial's free instance (the first, small, created with no billing details): free until the trial's end (modules/billing). */
    freeTrial: boolean('free_trial').notNull().default(false),
    isProtected: boolean('is_protected').notNull().default(false),
    highAvailability: boolean('high_availability').notNull().default(false),
    attachGpu: boolean('attach_gpu').notNull().default(false),
    /** The last workflow error as it happened (for operators), and what the UI may show. */
    failure: text('failure'),
    uiFailure: text('ui_failure'),
    healthy: boolean('healthy').notNull().default(false),
    lastHealthAt: timestamp('last_health_at', { withTimezone: true }),
    /** True while the console's health round is asking this instance (instances.health.ts); the next round clears a mark a crashed one left. */
    checkingHealth: boolean('checking_health').notNull().default(false),
    clientNetworkIssue: boolean('client_network_issue').notNull().default(false),
    resolvedIps: text('resolved_ips').array().notNull().default([]),
    /**
     * Which console process runs this instance's workflow, and until when:
     * keeps two processes (PostgreSQL mode) from driving one instance at once.
     */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    deletedBy: uuid('deleted_by'),
  },
  (t) => [
    // The URL names the instance's address, so it is unique across every account while the instance exists.
    uniqueIndex('instances_url_uq')
      .on(sql`lower(${t.url})`)
      .where(sql`${t.status} <> 'terminated'`),
    // The list, newest first, and its name search: the scan stays within one account's live rows (measured in
    // bench/instances-list.ts: 0.08 ms for ILIKE over an account of 100 among 10,000), so no name index is needed.
    index('instances_tenant_created_idx')
      .on(t.tenantId, t.createdAt)
      .where(sql`${t.status} <> 'terminated'`),
    // The health round (running) and the workflow sweep (transitional).
    index('instances_status_idx').on(t.status),
  ],
);

/** What happened to one instance (spec: Instance activity; the Events tab). */
export const instanceActivities = pgTable(
  'instance_activities',
  {
    activityId: uuid('activity_id').primaryKey(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => instances.instanceId),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id'),
    userName: text('user_name').notNull().default('System'),
    action: text('action', { enum: INSTANCE_ACTIVITY_ACTIONS }).notNull(),
    status: text('status', { enum: INSTANCE_ACTIVITY_STATUSES }).notNull(),
    comments: text('comments').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('instance_activities_instance_time_idx').on(t.instanceId, t.createdAt)],
);

/**
 * Idempotency-Key of a create call: the first request inserts the key and the
 * instance in one transaction; a repeat finds the key and answers the stored
 * response. The primary key makes concurrent repeats wait for the first.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The HTTP status of the stored answer. */
    status: integer('status').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
