import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  DEFAULT_LOGGER_OPTIONS,
  DEFAULT_SESSION_SETTINGS,
  TRANSITIONAL_STATUSES,
  type ConditionSet,
  type InstanceStatus,
  type LoggerOptionsValues,
  type SessionSettingsValues,
} from '@replay/contracts';
import type { Db } from '../../../db/client';
import { purgeIdempotentRequests } from '../../../lib/idempotency';
import { idempotencyKeys, instances, loggerOptions, sessionSettings, tenants } from '../../../db/schema';
import type { InstanceChange, InstanceRow } from './instances.repo';
import { instanceHealthRepo } from './instances.health-repo';
import { instanceLeasesRepo } from './instances.leases-repo';

/** An accepted cleanup the workflow has still to run (instances.cleanup-step.ts: only on a running instance). */
const cleanupAccepted = and(isNotNull(instances.pendingCleanupDays), eq(instances.status, 'running'));
/** A saved configuration the workflow has still to apply (instances.config-step.ts: only on a running instance). */
const configPending = and(
  or(
    ne(instances.corsVersion, instances.corsAppliedVersion),
    ne(instances.accessListVersion, instances.accessListAppliedVersion),
    ne(instances.retentionVersion, instances.retentionAppliedVersion),
    ne(instances.ssoVersion, instances.ssoAppliedVersion),
    // A project made or deleted since the agent last took the instance's key set.
    ne(instances.projectKeysVersion, instances.projectKeysAppliedVersion),
    // The account's session settings saved since this instance's agent last took them (none saved: version 0).
    sql`coalesce((select ${sessionSettings.version} from ${sessionSettings} where ${sessionSettings.tenantId} = ${instances.tenantId}), 0) <> ${instances.captureAppliedVersion}`,
    // The account's logger options likewise.
    sql`coalesce((select ${loggerOptions.version} from ${loggerOptions} where ${loggerOptions.tenantId} = ${instances.tenantId}), 0) <> ${instances.loggerAppliedVersion}`,
  ),
  eq(instances.status, 'running'),
);

/**
 * The account's session settings and their version, as the config step gives them to the agent:
 * the capture part (rate and condition sets) and the display part (the instance's session screens).
 */
export interface AccountCapture {
  version: number;
  rate: number;
  conditions: ConditionSet[];
  display: Pick<SessionSettingsValues, 'timezone' | 'durationFilter' | 'mouseTrail' | 'skipToIssue'>;
}

/** The parts of the account's session settings the agent acts on, at their version. */
function accountCaptureOf(settings: SessionSettingsValues, version: number): AccountCapture {
  const { timezone, durationFilter, mouseTrail, skipToIssue } = settings;
  return { version, rate: settings.captureRate, conditions: settings.conditionalCapture, display: { timezone, durationFilter, mouseTrail, skipToIssue } };
}

/** The account's logger options and their version (none saved: the defaults, version 0), as the config step gives them to the agent. */
export interface AccountLogger {
  version: number;
  options: LoggerOptionsValues;
}

/** An instance as the workflow loads it: with its account's name, key, capture settings and logger options. */
export type WorkflowInstance = InstanceRow & { tenantName: string; projectKey: string; capture: AccountCapture; logger: AccountLogger };

/** A backup to take or a restore asked for, which the workflow does on a running instance. */
const backupWork = and(or(isNotNull(instances.pendingBackupId), isNotNull(instances.restoreId)), eq(instances.status, 'running'));

/**
 * Queries of the console itself (provisioning workflow, health watcher,
 * start-up reconcile), which act for no caller and so span every account.
 * Nothing here is reachable from a request with a caller-chosen id.
 */
export function instancesSystemRepo(db: Db) {
  return {
    ...instanceLeasesRepo(db),
    ...instanceHealthRepo(db),
    /** The instance, its account's name (the agent shows it as its tenant) and tenantKey (the agent's project key). */
    async byId(instanceId: string): Promise<WorkflowInstance | null> {
      const [row] = await db
        .select({
          instance: instances,
          tenantName: tenants.name,
          projectKey: tenants.tenantKey,
          settings: sessionSettings.value,
          version: sessionSettings.version,
          loggerOptions: loggerOptions.value,
          loggerVersion: loggerOptions.version,
        })
        .from(instances)
        .innerJoin(tenants, eq(tenants.id, instances.tenantId))
        .leftJoin(sessionSettings, eq(sessionSettings.tenantId, instances.tenantId))
        .leftJoin(loggerOptions, eq(loggerOptions.tenantId, instances.tenantId))
        .where(eq(instances.instanceId, instanceId))
        .limit(1);
      if (!row) return null;
      const capture = accountCaptureOf(row.settings ?? DEFAULT_SESSION_SETTINGS, row.version ?? 0);
      const logger = { version: row.loggerVersion ?? 0, options: row.loggerOptions ?? DEFAULT_LOGGER_OPTIONS };
      return { ...row.instance, tenantName: row.tenantName, projectKey: row.projectKey, capture, logger };
    },

    /** Compare-and-set on the status, as the workflow moves an instance one step. */
    async changeIf(instanceId: string, from: InstanceStatus, change: InstanceChange): Promise<InstanceRow | null> {
      const [row] = await db
        .update(instances)
        .set(change)
        .where(and(eq(instances.instanceId, instanceId), eq(instances.status, from)))
        .returning();
      return row ?? null;
    },

    /** What the driver should run, for reconcile: every instance and its status, with its account's name and key as byId. */
    async allForReconcile() {
      return db.select({ instance: instances, tenantName: tenants.name, projectKey: tenants.tenantKey }).from(instances).innerJoin(tenants, eq(tenants.id, instances.tenantId));
    },

    /** Workflows to resume: a status under way, or a disk still growing. */
    async transitional(): Promise<{ instanceId: string }[]> {
      return db
        .select({ instanceId: instances.instanceId })
        .from(instances)
        .where(or(inArray(instances.status, [...TRANSITIONAL_STATUSES]), and(eq(instances.storageInProgress, true), ne(instances.status, 'terminated')), cleanupAccepted, configPending, backupWork));
    },

    /** Workflows that should be moving and have not for a while: a lost job, re-sent by the health round. */
    async stalled(before: Date): Promise<{ instanceId: string }[]> {
      return db
        .select({ instanceId: instances.instanceId })
        .from(instances)
        .where(
          and(
            or(
              and(inArray(instances.status, [...TRANSITIONAL_STATUSES]), eq(instances.inProgress, true)),
              and(eq(instances.storageInProgress, true), ne(instances.status, 'terminated')),
              cleanupAccepted,
              configPending,
              backupWork,
            ),
            lt(instances.updatedAt, before),
            or(isNull(instances.leaseUntil), lt(instances.leaseUntil, before)),
          ),
        );
    },

    async recordFailure(instanceId: string, status: InstanceStatus, failure: string, uiFailure: string, settled: boolean): Promise<InstanceRow | null> {
      const [row] = await db
        .update(instances)
        .set({ failure, uiFailure, ...(settled ? { inProgress: false } : {}) })
        .where(and(eq(instances.instanceId, instanceId), eq(instances.status, status)))
        .returning();
      return row ?? null;
    },

    /** Instance creation's own keys and every other create's (lib/idempotency.ts). */
    async purgeIdempotencyKeys(before: Date): Promise<void> {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
      await purgeIdempotentRequests(db, before);
    },
  };
}

export type InstancesSystemRepo = ReturnType<typeof instancesSystemRepo>;
