import { VERSION_MESSAGES, VERSION_UPGRADE_HEALTH_TIMEOUT_MS, compareVersions, formatBytes } from '@replay/contracts';
import type { Db } from '../../../db/client';
import type { InfrastructureDriver, InstanceHealth, InstanceRuntime, UpgradeBackup } from '../../../infra/driver';
import type { Logger } from '../../../lib/logger';
import { recordInstanceEvent } from '../core/instances.events';
import type { InstanceChange, InstanceRow } from '../core/instances.repo';
import { versionRepo } from './instances.version-repo';
import type { Clock } from '../../../lib/time';
import type { WorkflowOffers } from '../workflow/instances.workflow-offers.door';

/**
 * The workflow's step for status `version-upgrading` (target in
 * `pendingVersion`):
 *
 *   1. driver.backupForUpgrade: the agent stops and its data is copied aside,
 *      under the upgrade's own key (its pending record's id), then recorded as one
 *      of the instance's backups (kind `upgrade`: listed, restorable);
 *   2. the agent starts at the new version, which must answer its health
 *      check as that version within VERSION_UPGRADE_HEALTH_TIMEOUT_MS;
 *   3. success: version = target, running, in one compare-and-set with its record;
 *      failure: the reason is kept on the row, driver.restoreBackup puts the
 *      data back and starts the previous version, and the rollback lands in
 *      one compare-and-set with the failure and rollback records.
 *
 * Every driver call is idempotent on the key (a backup is taken once and
 * restored once), and the backup's `restoredAt` says a rollback already
 * happened, so a console killed anywhere in the step runs it again and
 * finishes it the same way, recording it once.
 */

export interface VersionStepDeps {
  db: Db;
  driver: Pick<InfrastructureDriver, 'backupForUpgrade' | 'upgradeVersion' | 'start' | 'restoreBackup' | 'health'>;
  clock: Clock;
  /** Where why a version did not start goes (the server's log): members read VERSION_MESSAGES.didNotStart instead. */
  logger?: Pick<Logger, 'warn'>;
  /** Replaces VERSION_UPGRADE_HEALTH_TIMEOUT_MS (tests). */
  versionHealthTimeoutMs?: number;
  /** Keeps the copy taken before the upgrade as one of the instance's backups (modules/backups offers it). */
  offers: Pick<WorkflowOffers, 'recordUpgradeBackup'>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls health until the instance answers as `version`; throws once the bounded time is spent. */
async function answersAs(d: VersionStepDeps, instanceId: string, version: string): Promise<InstanceHealth> {
  const deadline = Date.now() + (d.versionHealthTimeoutMs ?? VERSION_UPGRADE_HEALTH_TIMEOUT_MS);
  for (;;) {
    const health = await d.driver.health(instanceId);
    if (health.healthy && health.version === version) return health;
    if (Date.now() > deadline) {
      const seen = health.healthy ? `it answered as version ${health.version}` : (health.error ?? `HTTP ${health.statusCode}`);
      throw new Error(`Version ${version} did not answer its health check in time: ${seen}`);
    }
    await sleep(250);
  }
}

/**
 * Starts the new version: its runtime and health when it answers healthy as that version, else
 * the members' words for it. The driver's error (which may name the console host's files)
 * goes to the server's log only.
 */
async function tryVersion(d: VersionStepDeps, instanceId: string, version: string): Promise<{ runtime: InstanceRuntime; health: InstanceHealth } | { failure: string }> {
  try {
    await d.driver.upgradeVersion(instanceId, version);
    const runtime = await d.driver.start(instanceId);
    return { runtime, health: await answersAs(d, instanceId, version) };
  } catch (e) {
    d.logger?.warn({ err: e, instanceId, version }, 'the upgraded version did not start; rolling back');
    return { failure: VERSION_MESSAGES.didNotStart(version) };
  }
}

const running = (runtime: InstanceRuntime, health: InstanceHealth): InstanceChange => ({
  instanceUrl: runtime.url,
  healthCheckUrl: runtime.healthUrl,
  healthy: true,
  lastHealthAt: new Date(health.checkedAt),
});

export async function upgradeVersion(d: VersionStepDeps, row: InstanceRow): Promise<void> {
  const repo = versionRepo(d.db);
  const from = row.version;
  const to = row.pendingVersion;
  if (to === null || compareVersions(to, from) <= 0) {
    // Nothing newer to move to (never written so by this console): the instance only rests again.
    await repo.settle(row, { updatedAt: d.clock.now() });
    return;
  }
  const key = (await repo.upgradeKey(row.instanceId)) ?? `${from}-to-${to}`.replace(/\./g, '_');
  const backup = await d.driver.backupForUpgrade(row.instanceId, key);
  // Listed and restorable from now on, whatever the upgrade's outcome; recorded once however often the step runs.
  await d.offers.recordUpgradeBackup(d.db, row, backup);
  let reason = row.failure;
  if (backup.restoredAt === null) {
    const outcome = await tryVersion(d, row.instanceId, to);
    if ('runtime' in outcome) return settleUpgraded(d, row, backup, running(outcome.runtime, outcome.health));
    reason = outcome.failure;
    await repo.noteFailure(row.instanceId, reason);
  }
  const runtime = await d.driver.restoreBackup(row.instanceId, key, from);
  const health = await answersAs(d, row.instanceId, from);
  await settleRolledBack(d, row, reason ?? VERSION_MESSAGES.didNotStart(to), running(runtime, health));
}

async function settleUpgraded(d: VersionStepDeps, row: InstanceRow, backup: UpgradeBackup, change: InstanceChange): Promise<void> {
  const at = d.clock.now();
  const to = row.pendingVersion!;
  await d.db.transaction(async (tx) => {
    const done = await versionRepo(tx).settle(row, { ...change, version: to, updatedAt: at, failure: null, uiFailure: null });
    if (!done) return;
    await recordInstanceEvent(tx, {
      instance: done,
      actor: null,
      at,
      action: 'upgrade',
      status: 'success',
      comments: `Upgraded from ${row.version} to ${to}; the backup taken before it (${formatBytes(backup.bytes)}) is kept with the instance's backups`,
      event: { type: 'instance.version_upgraded', fromVersion: row.version, toVersion: to },
    });
  });
}

async function settleRolledBack(d: VersionStepDeps, row: InstanceRow, reason: string, change: InstanceChange): Promise<void> {
  const at = d.clock.now();
  const from = row.version;
  const to = row.pendingVersion!;
  await d.db.transaction(async (tx) => {
    const back = await versionRepo(tx).settle(row, { ...change, updatedAt: at, failure: reason, uiFailure: VERSION_MESSAGES.rolledBack(to, from) });
    if (!back) return;
    await recordInstanceEvent(tx, {
      instance: back,
      actor: null,
      at,
      action: 'upgrade',
      status: 'failed',
      comments: reason,
      event: { type: 'instance.version_upgrade_failed', fromVersion: from, toVersion: to, reason },
    });
    await recordInstanceEvent(tx, {
      instance: back,
      actor: null,
      at,
      action: 'backup',
      status: 'success',
      comments: `Rolled back to ${from}: the data was restored from the backup taken before the upgrade`,
      event: { type: 'instance.version_rolled_back', version: from, failedVersion: to },
    });
  });
}

/**
 * The step threw: the backup could not be taken or the previous version not
 * restored. Before the job queue's last attempt nothing is written but the
 * log line, so the row keeps why the new version failed; the last
 * attempt settles inProgress and records this error. The status stays
 * `version-upgrading`, so the next console start resumes the step.
 */
export async function recordVersionFailure(d: VersionStepDeps, row: InstanceRow, err: unknown, final: boolean): Promise<void> {
  // Each attempt's error goes to the server's log; members read what to do.
  d.logger?.warn({ err, instanceId: row.instanceId, final }, 'the version upgrade step failed');
  if (!final) return;
  const failure = VERSION_MESSAGES.notFinished(row.pendingVersion ?? row.version);
  const at = d.clock.now();
  await d.db.transaction(async (tx) => {
    const settled = await versionRepo(tx).noteFailure(row.instanceId, failure, VERSION_MESSAGES.startFailed, true);
    if (!settled) return;
    await recordInstanceEvent(tx, {
      instance: settled,
      actor: null,
      at,
      action: 'upgrade',
      status: 'failed',
      comments: failure,
      event: { type: 'instance.version_upgrade_failed', fromVersion: row.version, toVersion: row.pendingVersion ?? row.version, reason: failure },
    });
  });
}
