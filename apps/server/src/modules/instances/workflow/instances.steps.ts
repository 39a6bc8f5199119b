import type { InstanceStatus } from '@replay/contracts';
import type { Db } from '../../../db/client';
import type { InstanceHealth, InstanceRuntime, InstanceSpec } from '../../../infra/driver';
import type { Logger } from '../../../lib/logger';
import { needsCleanup, recordCleanupFailure, runCleanup } from '../disk/instances.cleanup-step';
import { applyConfig, needsConfig, recordConfigFailure } from '../config/instances.config-step';
import { growDisk, recordDiskFailure } from '../disk/instances.disk-step';
import { recordSwitchFailure, switchSize } from '../switch/instances.switch-step';
import { recordInstanceEvent, type InstanceEvent } from '../core/instances.events';
import { recordVersionFailure, upgradeVersion } from '../version/instances.version-step';
import type { InstanceChange, InstanceRow } from '../core/instances.repo';
import { instancesSystemRepo, type WorkflowInstance } from '../core/instances.system-repo';
import type { Clock } from '../../../lib/time';
import type { WorkflowDriver, WorkflowOffers } from './instances.workflow-offers.door';

/**
 * The workflow's steps: the registry convergeInstance (instances.workflow.ts) reads, by the
 * status that asks for one (STEPS) and, for an instance at rest, first needed first (AT_REST).
 * An operation's step lives in its own room (disk/, switch/, version/, config/) and is named
 * here; the lifecycle's own (create, start, stop, terminate) are written here. Another module's
 * steps at rest (a backup's, a restore's: modules/backups) come through `WorkflowDeps.offers`,
 * after these.
 */

export interface WorkflowDeps {
  db: Db;
  driver: WorkflowDriver;
  clock: Clock;
  enqueue(instanceId: string, opts?: { startAfterSeconds?: number }): Promise<void>;
  /** How long a started instance gets to answer its health check. */
  healthTimeoutMs?: number;
  /** Told of every step run and how it ended (the console's metrics). */
  onStep?: (step: string, outcome: 'success' | 'failure') => void;
  /** The server's log: what a step keeps from members (the driver's detail) goes there. */
  logger?: Pick<Logger, 'warn'>;
  /** What other modules add (instances.workflow-offers.door.ts): steps at rest, the upgrade's copy kept. */
  offers: WorkflowOffers;
}

type Loaded = WorkflowInstance;
type Step = (d: WorkflowDeps, row: Loaded) => Promise<void>;
/** What a step records of its transition; advance adds the instance, the actor (the system) and the time. */
type StepRecord = Omit<InstanceEvent, 'instance' | 'actor' | 'at'>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function specOf(row: InstanceRow & { tenantName: string; projectKey: string }): InstanceSpec {
  return {
    instanceId: row.instanceId,
    name: row.name,
    tenantName: row.tenantName,
    projectKey: row.projectKey,
    provider: row.provider,
    region: row.region,
    size: row.size,
    diskSize: row.diskSize,
    version: row.version,
  };
}

/** The rule that an instance is running only once it answers: polled, since an agent takes a moment to listen. */
async function waitHealthy(d: WorkflowDeps, instanceId: string): Promise<InstanceHealth> {
  const deadline = Date.now() + (d.healthTimeoutMs ?? 20_000);
  for (;;) {
    const health = await d.driver.health(instanceId);
    if (health.healthy) return health;
    if (Date.now() > deadline) throw new Error(`The instance did not pass its health check: ${health.error ?? `HTTP ${health.statusCode}`}`);
    await sleep(250);
  }
}

/** Moves the instance from the status it was read in to `to`, with its records (event, usage period), in one transaction; false if it moved meanwhile. */
async function advance(
  d: WorkflowDeps,
  row: Loaded,
  to: InstanceStatus,
  /** A function of the transition's time when the change records that time too (`deletedAt`), so both say the same instant. */
  change: InstanceChange | ((at: Date) => InstanceChange),
  record: StepRecord,
): Promise<boolean> {
  const at = d.clock.now();
  return d.db.transaction(async (tx) => {
    const moved = await instancesSystemRepo(tx).changeIf(row.instanceId, row.status, {
      status: to,
      updatedAt: at,
      failure: null,
      uiFailure: null,
      ...(typeof change === 'function' ? change(at) : change),
    });
    if (!moved) return false;
    await recordInstanceEvent(tx, { instance: moved, actor: null, at, ...record });
    return true;
  });
}

function runningChange(runtime: InstanceRuntime, health: InstanceHealth): InstanceChange {
  return {
    inProgress: false,
    instanceUrl: runtime.url,
    healthCheckUrl: runtime.healthUrl,
    healthy: true,
    lastHealthAt: new Date(health.checkedAt),
  };
}

/** driver.create, then 'running' once the instance answers its health check: how both a first provisioning and a start end. */
async function createUntilRunning(d: WorkflowDeps, row: Loaded, record: StepRecord): Promise<void> {
  const runtime = await d.driver.create(specOf(row));
  const health = await waitHealthy(d, row.instanceId);
  await advance(d, row, 'running', runningChange(runtime, health), record);
}

export const STEPS: Partial<Record<InstanceStatus, Step>> = {
  // 'creating' is the request accepted; 'initializing' is the infrastructure being made and booted.
  async creating(d, row) {
    await advance(
      d,
      row,
      'initializing',
      { inProgress: true },
      {
        action: 'create',
        status: 'pending',
        comments: 'Provisioning the instance',
        event: { type: 'instance.initializing' },
      },
    );
  },

  initializing: (d, row) => createUntilRunning(d, row, { action: 'create', status: 'success', comments: 'The instance is running', event: { type: 'instance.running' } }),

  // create, not start: it provisions an instance stopped while still 'creating', and brings the account's
  // project key to one recorded before ingest needed it (which start alone would leave unable to run).
  starting: (d, row) => createUntilRunning(d, row, { action: 'start', status: 'success', comments: 'The instance started', event: { type: 'instance.started' } }),

  async stopping(d, row) {
    await d.driver.stop(row.instanceId);
    await advance(
      d,
      row,
      'stopped',
      { inProgress: false, healthy: false },
      {
        action: 'stop',
        status: 'success',
        comments: 'The instance stopped; only its storage is charged while stopped',
        event: { type: 'instance.stopped' },
      },
    );
  },

  async terminating(d, row) {
    await d.driver.terminate(row.instanceId);
    // A disk upgrade still pending ends with the instance: nothing is left to grow.
    await advance(d, row, 'terminated', (at) => ({ inProgress: false, healthy: false, deletedAt: at, storageInProgress: false, pendingDiskSize: null }), {
      action: 'terminate',
      status: 'success',
      comments: 'The instance was terminated and its data removed',
      event: { type: 'instance.terminated' },
    });
  },
  'version-upgrading': upgradeVersion,
  upgrading: switchSize,
};

type Failure = (d: WorkflowDeps, row: InstanceRow, err: unknown, final: boolean) => Promise<void>;

/**
 * The instances' own steps of an instance whose status asks for none, first needed first: a disk
 * growing (which also waits for a stopped instance to rest), then work on a running one; the
 * offered ones (`WorkflowDeps.offers.atRest`) follow. Each records
 * its own last failure and leaves the instance's status alone: the instance is fine.
 */
export const AT_REST: { name: string; needs(row: Loaded): boolean; run: Step; onFailure: (d: WorkflowDeps, row: Loaded, err: unknown, final: boolean) => Promise<void> }[] = [
  { name: 'disk', needs: (row) => row.storageInProgress && row.status !== 'terminated', run: growDisk, onFailure: recordDiskFailure },
  { name: 'cleanup', needs: needsCleanup, run: runCleanup, onFailure: recordCleanupFailure },
  { name: 'config', needs: needsConfig, run: applyConfig, onFailure: recordConfigFailure },
];

/** Steps that settle their own last failure (undoing what they began) instead of recordStepFailure. */
export const OWN_FAILURE: Partial<Record<InstanceStatus, Failure>> = { upgrading: recordSwitchFailure, 'version-upgrading': recordVersionFailure };
