import type { InstanceStatus } from '@replay/contracts';
import { isAlive } from '@replay/local-process';
import { keyedSerial } from '../../../lib/concurrency';
import { HOST, PROCESS_ID as OWNER } from '../../../lib/process-identity';
import { recordStepFailure } from './instances.step-failure';
import { instancesSystemRepo } from '../core/instances.system-repo';
import { AT_REST, OWN_FAILURE, STEPS, type WorkflowDeps } from './instances.steps';

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
 *   pendingBackupId, running at rest       (driver.backup, then the row done: backups/backups.step.ts, offered
 *                                          through the backups manifest: instances.workflow-offers.door.ts)
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

export interface Attempt {
  retryCount: number;
  retryLimit: number;
}

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
        const restStep = statusStep ? undefined : [...AT_REST, ...d.offers.atRest].find((step) => step.needs(row));
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
