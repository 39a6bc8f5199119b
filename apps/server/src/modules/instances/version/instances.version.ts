import { and, eq } from 'drizzle-orm';
import { INSTANCE_MESSAGES, VERSION_MESSAGES, compareVersions, versionUpgradeProblem, type Instance, type UpgradeWhen, type VersionsAnswer } from '@replay/contracts';
import type { Database } from '../../../db/client';
import { instances } from '../../../db/schema';
import type { VersionRegistry } from '../../../infra/versions';
import { badRequest, conflict } from '../../../lib/errors';
import { instanceScopeOf } from '../../../lib/instance-scope';
import type { Principal } from '../../../lib/principal';
import type { Enqueue } from '../workflow/instances.jobs';
import { acceptMemberChange, claimWithRecord } from '../core/instances.accept-change.door';
import { nextWindow, openingLabel } from '../maintenance/instances.maintenance';
import { instancesRepo, type InstanceRow } from '../core/instances.repo';
import type { InstancesService } from '../core/instances.service';
import { instanceToWire } from '../core/instances.wire';
import type { Clock } from '../../../lib/time';

export interface VersionDeps {
  database: Database;
  clock: Clock;
  enqueue: Enqueue;
  /** The one scope rule (404 for another account's id or one outside the caller's role). */
  instances: Pick<InstancesService, 'load'>;
  versions: VersionRegistry;
}

/** Nothing else under way and the version the request was judged on: what an upgrade, now or scheduled, needs to still hold when it lands. */
const unchangedSince = (row: InstanceRow) => and(eq(instances.inProgress, false), eq(instances.storageInProgress, false), eq(instances.version, row.version));

/**
 * Starts the upgrade. The new status, the target and the pending record are
 * one compare-and-set, so of two requests at once one wins and the other is
 * refused. A waiting upgrade this one makes pointless (to this version or an
 * older one) is dropped with it; one to a newer version keeps waiting.
 */
function upgradeNow(deps: VersionDeps, p: Principal, row: InstanceRow, version: string): Promise<Instance> {
  const overtaken = row.scheduledVersion !== null && compareVersions(row.scheduledVersion, version) <= 0;
  return acceptMemberChange(deps, p, row.instanceId, {
    from: 'running',
    change: { status: 'version-upgrading', inProgress: true, pendingVersion: version, ...(overtaken ? { scheduledVersion: null, scheduledVersionAt: null } : {}) },
    stillHolds: unchangedSince(row),
    record: {
      action: 'upgrade',
      status: 'pending',
      comments: `Upgrade from ${row.version} to ${version} requested`,
      event: { type: 'instance.version_upgrading', fromVersion: row.version, toVersion: version },
    },
    busy: VERSION_MESSAGES.busy,
  });
}

/**
 * The versions on offer and the version upgrade, now or in the next maintenance
 * window; the workflow's step does the work (instances.version-step.ts), and the
 * maintenance round starts a scheduled one (instances.maintenance-round.ts).
 */
export function createVersionService(deps: VersionDeps) {
  /**
   * The request's rules, whenever it is to run (spec sections 4 and 7): an
   * offered version newer than the current one (400 otherwise: downgrades
   * are refused), of a running instance with nothing else under way (409).
   */
  async function judged(p: Principal, instanceId: string, version: string): Promise<InstanceRow> {
    const row = await deps.instances.load(p, instanceId);
    if (row.status === 'terminated') throw conflict(INSTANCE_MESSAGES.terminated);
    const problem = versionUpgradeProblem(row.version, version, deps.versions.offered);
    if (problem) throw badRequest(problem);
    if (row.status === 'version-upgrading' || row.inProgress || row.storageInProgress) throw conflict(VERSION_MESSAGES.busy);
    if (row.status !== 'running') throw conflict(INSTANCE_MESSAGES.notRunning);
    return row;
  }

  /**
   * Makes the upgrade wait for the next opening of the instance's maintenance
   * window, replacing any upgrade waiting: the schedule and the member's
   * pending record in one compare-and-set, judged on the same row (so a window
   * moved meanwhile refuses it rather than keep a stale opening). Nothing runs now.
   */
  async function schedule(p: Principal, row: InstanceRow, version: string): Promise<Instance> {
    const at = deps.clock.now();
    const opening = nextWindow(row.maintenanceCron, at);
    const replacing = row.scheduledVersion === null ? '' : ` (replacing the upgrade to ${row.scheduledVersion})`;
    const scheduled = await claimWithRecord(
      deps.database.db,
      p,
      at,
      (tx) =>
        instancesRepo(tx).changeIf(
          instanceScopeOf(p),
          row.instanceId,
          'running',
          { scheduledVersion: version, scheduledVersionAt: opening, updatedAt: at, updatedBy: p.userId },
          and(unchangedSince(row), eq(instances.maintenanceCron, row.maintenanceCron)),
        ),
      {
        action: 'upgrade',
        status: 'pending',
        comments: `Upgrade from ${row.version} to ${version} scheduled for the maintenance window of ${openingLabel(opening)}${replacing}`,
        event: { type: 'instance.version_upgrade_scheduled', fromVersion: row.version, toVersion: version, windowAt: opening.getTime() },
      },
    );
    if (!scheduled) throw conflict(VERSION_MESSAGES.busy);
    return instanceToWire(scheduled);
  }

  return {
    list(): VersionsAnswer {
      return { versions: deps.versions.offered.map((v) => ({ ...v })) };
    },

    /** POST …/version-upgrade: the same rules for both; `when` says whether it starts now or waits for the maintenance window. */
    async upgrade(p: Principal, instanceId: string, version: string, when: UpgradeWhen = 'now'): Promise<Instance> {
      const row = await judged(p, instanceId, version);
      return when === 'maintenance' ? schedule(p, row, version) : upgradeNow(deps, p, row, version);
    },

    /** DELETE …/version-upgrade: drops the upgrade waiting for the window, with the member's record (409 when none waits). */
    async cancelScheduled(p: Principal, instanceId: string): Promise<Instance> {
      const row = await deps.instances.load(p, instanceId);
      if (row.status === 'terminated') throw conflict(INSTANCE_MESSAGES.terminated);
      const waiting = row.scheduledVersion;
      if (waiting === null) throw conflict(VERSION_MESSAGES.noneScheduled);
      const at = deps.clock.now();
      const cancelled = await claimWithRecord(
        deps.database.db,
        p,
        at,
        // The upgrade judged on, not one that replaced it or that the round started meanwhile.
        (tx) =>
          instancesRepo(tx).set(instanceScopeOf(p), instanceId, { scheduledVersion: null, scheduledVersionAt: null, updatedAt: at, updatedBy: p.userId }, eq(instances.scheduledVersion, waiting)),
        {
          action: 'upgrade',
          status: 'success',
          comments: `Scheduled upgrade to ${waiting} cancelled`,
          event: { type: 'instance.version_upgrade_unscheduled', toVersion: waiting, reason: null },
        },
      );
      if (!cancelled) throw conflict(INSTANCE_MESSAGES.busy);
      return instanceToWire(cancelled);
    },
  };
}

export type VersionService = ReturnType<typeof createVersionService>;
