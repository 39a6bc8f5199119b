import type { InstanceStatus } from '@replay/contracts';
import { isAlive } from '@replay/local-process';
import type { Db } from '../../../db/client';
import type { InfrastructureDriver, InstanceHealth, InstanceRuntime, InstanceSpec } from '../../../infra/driver';
import type { Clock } from '../../../lib/context';
import type { Logger } from '../../../lib/logger';
import { keyedSerial } from '../../../lib/concurrency';
import { HOST, PROCESS_ID as OWNER } from '../../../lib/process-identity';
import { needsCleanup, recordCleanupFailure, runCleanup } from '../disk/instances.cleanup-step';
import { applyConfig, needsConfig, recordConfigFailure } from '../config/instances.config-step';
import { growDisk, recordDiskFailure } from '../disk/instances.disk-step';
import { recordSwitchFailure, switchSize } from '../switch/instances.switch-step';
import { needsBackup, needsRestore, recordBackupFailure, recordRestoreFailure, restoreFromBackup, takeBackup } from '../../backups/backups.step';
import { recordInstanceEvent, type InstanceEvent } from '../core/instances.events';
import { recordStepFailure } from './instances.step-failure';
import { recordVersionFailure, upgradeVersion } from '../version/instances.version-step';
import type { InstanceChange, InstanceRow } from '../core/instances.repo';
import { instancesSystemRepo, type WorkflowInstance } from '../core/instances.system-repo';

/**
 * The provisioning workflow. One job kind, "converge this instance": it reads
 * the instance's status and performs the step that status asks for, then
 * reads again, until the status is one no workflow works on:
 *
 *   creating → initializing → running      (driver.create; health must answer first)
 *   stopping → stopped                     (driver.stop)
 *   starting → running                     (driver.create: starts it, provisioning it if it never was)
 *   terminating → terminated               (driver.terminate: process ended, data removed)
 *   storageInProgress, at rest             (driver.resizeDisk, then the new size: instances.disk-step.ts)
 *   pendingCleanupDays, running at rest    (driver.cleanup, then its record: instances.cleanup-step.ts)
 *   a setting's version ahead, running    (driver.applyConfig, then the applied versions: instances.config-step.ts;
 *                                          the account's session settings' capture part and logger options, the projects' keys too)
 *   pendingBackupId, running at rest       (driver.backup, then the row done: backups/backups.step.ts)
 *   restoreId, running at rest             (driver.restoreData, then the request cleared: the same file)
 *   version-upgrading → running            (backup, new version, or rollback: instances.version-step.ts)
 *   upgrading → running                    (driver.changeType to pendingSize, undone on the last failure: instances.switch-step.ts)
 *
 * Each step is the driver call first (idempotent: a second run finds the work
 * done) and then a compare-and-set of the status, so a crash between the two
 * only means the step runs again. Because the job carries nothing but the
 * instance id, a user's new request while a step runs is picked up by the
 * next read, and a job sent twice does the work once.
 */

/** The driver calls the workflow makes, and no others. */
export type WorkflowDriver = Pick<
  InfrastructureDriver,
  | 'create'
  | 'start'
  | 'stop'
  | 'terminate'
  | 'health'
  | 'resizeDisk'
  | 'cleanup'
  | 'applyConfig'
  | 'backup'
  | 'restoreData'
  | 'changeType'
  | 'upgradeVersion'
  | 'backupForUpgrade'
  | 'restoreBackup'
>;

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
}

export interface Attempt {
  retryCount: number;
  retryLimit: number;
}

type Loaded = WorkflowInstance;
type Step = (d: WorkflowDeps, row: Loaded) => Promise<void>;
/** What a step records of its transition; advance adds the instance, the actor (the system) and the time. */
type StepRecord = Omit<InstanceEvent, 'instance' | 'actor' | 'at'>;

/**
 * A lease held by a console process on this machine that no longer runs (it
 * crashed): taken over at once rather than after it expires, so a console
 * restarted after a crash resumes its workflows without waiting a minute.
 */
function isDeadLocalOwner(owner: string): boolean {
  const parts = owner.split(':');
  const pid = Number(parts.at(-2));
  if (parts.slice(0, -2).join(':') !== HOST || !Number.isInteger(pid)) return false;
  if (pid === process.pid) return owner !== OWNER;
  return !isAlive(pid);
}
/** Longer than any one step (the local driver's slowest, a create that retries on a new port, stays under a minute); renewed before each. */
const LEASE_MS = 120_000;
/** creating → initializing → running is two steps; a user's change mid-way adds one or two. */
const MAX_STEPS = 8;

const serial = keyedSerial();
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

const STEPS: Partial<Record<InstanceStatus, Step>> = {
  // 'creating' is the request accepted; 'initializing' is the infrastructure being made and booted.
  async creating(d, row) {
    await advance(d, row, 'initializing', { inProgress: true }, {
      action: 'create',
      status: 'pending',
      comments: 'Provisioning the instance',
      event: { type: 'instance.initializing' },
    });
  },

  initializing: (d, row) =>
    createUntilRunning(d, row, { action: 'create', status: 'success', comments: 'The instance is running', event: { type: 'instance.running' } }),

  // create, not start: it provisions an instance stopped while still 'creating', and brings the account's
  // project key to one recorded before ingest needed it (which start alone would leave unable to run).
  starting: (d, row) => createUntilRunning(d, row, { action: 'start', status: 'success', comments: 'The instance started', event: { type: 'instance.started' } }),

  async stopping(d, row) {
    await d.driver.stop(row.instanceId);
    await advance(d, row, 'stopped', { inProgress: false, healthy: false }, {
      action: 'stop',
      status: 'success',
      comments: 'The instance stopped; only its storage is charged while stopped',
      event: { type: 'instance.stopped' },
    });
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
 * The steps of an instance whose status asks for none, first needed first: a disk growing
 * (which also waits for a stopped instance to rest), then work on a running one. Each records
 * its own last failure and leaves the instance's status alone: the instance is fine.
 */
const AT_REST: { name: string; needs(row: Loaded): boolean; run: Step; onFailure: (d: WorkflowDeps, row: Loaded, err: unknown, final: boolean) => Promise<void> }[] = [
  { name: 'disk', needs: (row) => row.storageInProgress && row.status !== 'terminated', run: growDisk, onFailure: recordDiskFailure },
  { name: 'cleanup', needs: needsCleanup, run: runCleanup, onFailure: recordCleanupFailure },
  { name: 'config', needs: needsConfig, run: applyConfig, onFailure: recordConfigFailure },
  // A backup waiting is taken before a restore replaces what it would have kept.
  { name: 'backup', needs: needsBackup, run: takeBackup, onFailure: recordBackupFailure },
  { name: 'restore', needs: needsRestore, run: restoreFromBackup, onFailure: recordRestoreFailure },
];

/** Steps that settle their own last failure (undoing what they began) instead of recordStepFailure. */
const OWN_FAILURE: Partial<Record<InstanceStatus, Failure>> = { upgrading: recordSwitchFailure, 'version-upgrading': recordVersionFailure };

/**
 * Runs the workflow of one instance to its next resting status. One run at a
 * time per instance: in this process by a keyed queue, across console
 * processes (PostgreSQL) by a lease on the row that expires if its holder dies.
 */
export function convergeInstance(d: WorkflowDeps, instanceId: string, attempt: Attempt): Promise<void> {
  return serial(instanceId, async () => {
    const repo = instancesSystemRepo(d.db);
    const lease = (takeOver?: string) => {
      const now = d.clock.now();
      return repo.acquireLease(instanceId, OWNER, now, new Date(now.getTime() + LEASE_MS), takeOver);
    };
    const current = await repo.byId(instanceId);
    if (!current) return;
    const stale = current.leaseOwner && isDeadLocalOwner(current.leaseOwner) ? current.leaseOwner : undefined;
    if (!(await lease(stale))) {
      // Another console process is driving it; look again once it may have finished.
      await d.enqueue(instanceId, { startAfterSeconds: 5 });
      return;
    }
    try {
      for (let i = 0; i < MAX_STEPS; i++) {
        const row = await repo.byId(instanceId);
        if (!row) return;
        // The status's own step first, else the first step at rest the row needs.
        const statusStep = STEPS[row.status];
        const restStep = statusStep ? undefined : AT_REST.find((step) => step.needs(row));
        if (!statusStep && !restStep) return;
        await lease();
        const final = attempt.retryCount >= attempt.retryLimit;
        const name = restStep?.name ?? row.status;
        try {
          await (statusStep ?? restStep!.run)(d, row);
        } catch (e) {
          d.onStep?.(name, 'failure');
          const onFailure = statusStep ? (OWN_FAILURE[row.status] ?? recordStepFailure) : restStep!.onFailure;
          await onFailure(d, row, e, final);
          throw e;
        }
        d.onStep?.(name, 'success');
      }
      // Still moving after many steps (users changing their mind quickly): carry on in a fresh job.
      await d.enqueue(instanceId);
    } finally {
      await repo.releaseLease(instanceId, OWNER).catch(() => undefined);
    }
  });
}

/** What the driver should be running for each status, for reconcile at start-up. 'creating' was never provisioned. */
export function desiredState(status: InstanceStatus): 'running' | 'stopped' | 'terminated' | null {
  switch (status) {
    case 'creating':
      return null;
    case 'stopping':
    case 'stopped':
      return 'stopped';
    case 'terminating':
    case 'terminated':
      return 'terminated';
    default:
      return 'running';
  }
}
