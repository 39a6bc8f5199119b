import { and, eq, isNotNull, lte, ne } from 'drizzle-orm';
import { MAINTENANCE_WINDOW_MS, versionUpgradeProblem } from '@replay/contracts';
import type { Db } from '../../../db/client';
import { instances } from '../../../db/schema';
import { versionRegistryOf, type VersionRegistry } from '../../../infra/versions';
import type { JobDefinition, Schedule } from '../../../platform/job-types';
import { recordInstanceEvent, type InstanceEvent } from '../core/instances.events';
import { workflowEnqueuer, type Enqueue } from '../workflow/instances.jobs';
import { nextWindow, openingLabel } from './instances.maintenance';
import type { InstanceChange, InstanceRow } from '../core/instances.repo';
import type { Clock } from '../../../lib/time';

export const MAINTENANCE_QUEUE = 'instance-maintenance';
/** The round's period: an upgrade starts within a minute of its window's opening. */
export const MAINTENANCE_ROUND_SECONDS = 60;

export interface MaintenanceRoundDeps {
  db: Db;
  /** The round's "now": the console's clock, or any time a test runs it at. */
  clock: Clock;
  enqueue: Enqueue;
  /** What may be upgraded to at the window's time (an operator may have withdrawn a version since it was scheduled). */
  versions: Pick<VersionRegistry, 'offered'>;
}

export interface MaintenanceRoundReport {
  /** Upgrades started in their window. */
  started: string[];
  /** Upgrades whose window closed before they could start, now waiting for the next one. */
  moved: string[];
  /** Upgrades that were no longer upgrades (the instance runs that version already, or it is withdrawn). */
  dropped: string[];
}

/** The scheduled upgrade a row holds, as the round read it. */
type Due = InstanceRow & { scheduledVersion: string; scheduledVersionAt: Date };

/** Nothing keeps the upgrade from starting now: the instance runs, and no other change is under way. */
const free = (row: InstanceRow) => row.status === 'running' && !row.inProgress && !row.storageInProgress;

/** Why a window closed without its upgrade, as the round sees the instance once it has. */
function missedBecause(row: InstanceRow): string {
  if (row.status !== 'running') return `the instance was not running (${row.status})`;
  if (!free(row)) return 'another change was under way';
  // Running and free, yet the round never started it: no round ran while the window was open.
  return 'the console was not running';
}

/**
 * Changes the row only while it still holds the schedule the round judged, so two rounds
 * (or a member's cancel or new schedule) never act on one schedule twice; with the record,
 * in one transaction. False when something else got there first.
 */
async function changeSchedule(d: MaintenanceRoundDeps, row: Due, at: Date, change: InstanceChange, record: Omit<InstanceEvent, 'instance' | 'actor' | 'at'>, extra = and()) {
  return d.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(instances)
      .set({ ...change, updatedAt: at })
      .where(
        and(
          eq(instances.instanceId, row.instanceId),
          eq(instances.scheduledVersion, row.scheduledVersion),
          eq(instances.scheduledVersionAt, row.scheduledVersionAt),
          ne(instances.status, 'terminated'),
          extra,
        ),
      )
      .returning();
    if (!moved) return false;
    await recordInstanceEvent(tx, { ...record, instance: moved, actor: null, at });
    return true;
  });
}

/** The same compare-and-set as a member's upgrade now: the workflow then upgrades it as any other. */
function start(d: MaintenanceRoundDeps, row: Due, at: Date) {
  const to = row.scheduledVersion;
  return changeSchedule(
    d,
    row,
    at,
    { status: 'version-upgrading', inProgress: true, pendingVersion: to, scheduledVersion: null, scheduledVersionAt: null, failure: null, uiFailure: null },
    {
      action: 'upgrade',
      status: 'pending',
      comments: `Upgrade from ${row.version} to ${to} started in the maintenance window`,
      event: { type: 'instance.version_upgrading', fromVersion: row.version, toVersion: to },
    },
    and(eq(instances.status, 'running'), eq(instances.inProgress, false), eq(instances.storageInProgress, false), eq(instances.version, row.version)),
  );
}

function moveToNextWindow(d: MaintenanceRoundDeps, row: Due, at: Date) {
  const opening = nextWindow(row.maintenanceCron, at);
  const reason = missedBecause(row);
  return changeSchedule(
    d,
    row,
    at,
    { scheduledVersionAt: opening },
    {
      action: 'upgrade',
      status: 'pending',
      comments: `The upgrade to ${row.scheduledVersion} missed the maintenance window of ${openingLabel(row.scheduledVersionAt)} (${reason}); it now waits for the window of ${openingLabel(opening)}`,
      event: {
        type: 'instance.version_upgrade_rescheduled',
        toVersion: row.scheduledVersion,
        windowAt: opening.getTime(),
        missedWindowAt: row.scheduledVersionAt.getTime(),
        reason,
      },
    },
  );
}

function drop(d: MaintenanceRoundDeps, row: Due, at: Date, problem: string) {
  return changeSchedule(
    d,
    row,
    at,
    { scheduledVersion: null, scheduledVersionAt: null },
    {
      action: 'upgrade',
      status: 'failed',
      comments: `The upgrade to ${row.scheduledVersion} scheduled for the maintenance window was dropped: ${problem}`,
      event: { type: 'instance.version_upgrade_unscheduled', toVersion: row.scheduledVersion, reason: problem },
    },
  );
}

/**
 * One round of the maintenance windows, for every upgrade whose window has opened:
 *   - still an upgrade, the window open (its opening ≤ now < opening + MAINTENANCE_WINDOW_HOURS)
 *     and the instance running with nothing under way: started, then the workflow is woken;
 *     busy or stopped, it waits for a later round of the same window;
 *   - the window closed without it (the console down, or the instance stopped or busy
 *     throughout): moved to the next window, with a record saying why;
 *   - no longer an upgrade: dropped, with a record saying why.
 * Every change is a compare-and-set on the schedule read, so a round run twice or by two
 * processes acts once.
 */
export async function runMaintenanceRound(d: MaintenanceRoundDeps): Promise<MaintenanceRoundReport> {
  const now = d.clock.now();
  const report: MaintenanceRoundReport = { started: [], moved: [], dropped: [] };
  const due = (await d.db
    .select()
    .from(instances)
    .where(and(isNotNull(instances.scheduledVersion), lte(instances.scheduledVersionAt, now), ne(instances.status, 'terminated')))) as Due[];
  for (const row of due) {
    const problem = versionUpgradeProblem(row.version, row.scheduledVersion, d.versions.offered);
    if (problem) {
      if (await drop(d, row, now, problem)) report.dropped.push(row.instanceId);
    } else if (now.getTime() >= row.scheduledVersionAt.getTime() + MAINTENANCE_WINDOW_MS) {
      if (await moveToNextWindow(d, row, now)) report.moved.push(row.instanceId);
    } else if (free(row) && (await start(d, row, now))) {
      report.started.push(row.instanceId);
      await d.enqueue(row.instanceId);
    }
  }
  return report;
}

export const maintenanceRoundJob: JobDefinition = {
  queue: MAINTENANCE_QUEUE,
  // A round that fails is the next round's job: it finds every due upgrade again.
  queueOptions: { retryLimit: 0, expireInSeconds: 120, deleteAfterSeconds: 3600 },
  handle: async (ctx) => {
    const report = await runMaintenanceRound({ db: ctx.db, clock: ctx.clock, enqueue: workflowEnqueuer(ctx.boss), versions: versionRegistryOf(ctx.env) });
    if (report.started.length || report.moved.length || report.dropped.length) ctx.logger.info(report, 'maintenance round');
  },
};

/** One round per minute across every console process (the schedules' pg-boss claim). */
export const maintenanceRoundSchedule: Schedule = { queue: MAINTENANCE_QUEUE, everySeconds: MAINTENANCE_ROUND_SECONDS };
