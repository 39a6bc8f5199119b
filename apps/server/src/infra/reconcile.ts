import type { DesiredInstance, InfrastructureDriver, InstanceSpec, ReconcileReport } from './driver';

/**
 * What reconciling reads of an infrastructure beyond the driver's operations.
 * Each driver answers from its own records (the local driver: instance folders
 * and the pids in them; a cluster driver: its namespaces and pods).
 */
export interface Inventory {
  /** Every instance the infrastructure holds anything of, whether or not its record is whole. */
  instanceIds(): Promise<readonly string[]>;
  /** True while the instance's process runs, read from the infrastructure. */
  isRunning(instanceId: string): Promise<boolean>;
  /** True when the instance's record does not hold the spec's project key: what runs now was started without it. */
  lacksProjectKey(spec: InstanceSpec): Promise<boolean>;
}

/** The driver operations reconcile uses, and the inventory it decides from. */
export type Reconcilable = Pick<InfrastructureDriver, 'create' | 'start' | 'stop' | 'terminate' | 'health'> & Inventory;

/**
 * Lines the infrastructure up with what the console expects, after a console
 * start; the same decision for every driver:
 *   - unknown to the console: its process stopped, its data kept (an unknown
 *     id more likely means a console restored from an older database than
 *     data nobody wants);
 *   - terminated: ended, data and all;
 *   - stopped: its process stopped;
 *   - running: adopted when it runs healthy with the account's project key,
 *     else (re)started, through create when a spec is given (idempotent, it
 *     also mends a record a crash left unwritten and brings the key);
 *   - running but held nowhere: created again from its spec.
 * Each instance is handled on its own: one failure is reported and the rest
 * still reconciled.
 */
export async function reconcile(driver: Reconcilable, expected: readonly DesiredInstance[]): Promise<ReconcileReport> {
  const report: ReconcileReport = { adopted: [], started: [], stopped: [], killed: [], failed: [] };
  const wanted = new Map(expected.map((e) => [e.instanceId, e]));
  const held = await driver.instanceIds();

  const attempt = async (instanceId: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (e) {
      report.failed.push({ instanceId, error: (e as Error).message });
    }
  };

  for (const instanceId of held) {
    const want = wanted.get(instanceId);
    await attempt(instanceId, async () => {
      const wasRunning = await driver.isRunning(instanceId);
      if (!want || want.desired === 'terminated') {
        if (want) await driver.terminate(instanceId);
        else if (wasRunning) await driver.stop(instanceId);
        if (wasRunning) report.killed.push(instanceId);
      } else if (want.desired === 'stopped') {
        if (wasRunning) {
          await driver.stop(instanceId);
          report.stopped.push(instanceId);
        }
      } else if (wasRunning && !(want.spec && (await driver.lacksProjectKey(want.spec))) && (await driver.health(instanceId)).healthy) {
        report.adopted.push(instanceId);
      } else {
        await (want.spec ? driver.create(want.spec) : driver.start(instanceId));
        report.started.push(instanceId);
      }
    });
  }

  for (const want of expected) {
    if (want.desired !== 'running' || held.includes(want.instanceId)) continue;
    await attempt(want.instanceId, async () => {
      if (!want.spec) throw new Error('The infrastructure holds nothing of it, and no spec was given to create it again');
      await driver.create(want.spec);
      report.started.push(want.instanceId);
    });
  }
  return report;
}
