import type { DesiredInstance, InfrastructureDriver, InstanceSpec, ReconcileReport } from '../driver';
import type { InstanceFolders } from './instance-folder';

/**
 * What reconciling needs of a driver that keeps instances in folders on this
 * machine (the local driver is one). Declared here, not imported from the
 * driver, so the driver can use reconcile without an import cycle.
 */
export interface FolderDriver extends Pick<InfrastructureDriver, 'create' | 'start' | 'stop' | 'terminate' | 'health'> {
  readonly folders: Pick<InstanceFolders, 'list'>;
  /** The pid of the instance's agent while it runs, else null. */
  livePid(instanceId: string): number | null;
  /** True when the instance's record does not hold the spec's project key yet. */
  lacksProjectKey(spec: InstanceSpec): boolean;
}

/**
 * Lines this machine's agents up with what the console expects, after a
 * console start. Each instance is handled on its own: one failure is reported
 * and the rest still reconciled. An instance the console does not know is
 * stopped but its data kept, since an unknown id more likely means a console
 * restored from an older database than data nobody wants.
 */
export async function reconcile(driver: FolderDriver, expected: readonly DesiredInstance[]): Promise<ReconcileReport> {
  const report: ReconcileReport = { adopted: [], started: [], stopped: [], killed: [], failed: [] };
  const wanted = new Map(expected.map((e) => [e.instanceId, e]));
  const onDisk = driver.folders.list();

  const attempt = async (instanceId: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (e) {
      report.failed.push({ instanceId, error: (e as Error).message });
    }
  };

  for (const instanceId of onDisk) {
    const want = wanted.get(instanceId);
    await attempt(instanceId, async () => {
      const wasRunning = driver.livePid(instanceId) !== null;
      if (!want || want.desired === 'terminated') {
        if (want) await driver.terminate(instanceId);
        else if (wasRunning) await driver.stop(instanceId);
        if (wasRunning) report.killed.push(instanceId);
      } else if (want.desired === 'stopped') {
        if (wasRunning) {
          await driver.stop(instanceId);
          report.stopped.push(instanceId);
        }
      } else if (wasRunning && !(want.spec && driver.lacksProjectKey(want.spec)) && (await driver.health(instanceId)).healthy) {
        report.adopted.push(instanceId);
      } else {
        // With a spec, create (idempotent) also mends a folder whose record a crash left unwritten, and restarts
        // with the key an agent started without the account's project key (one from before ingest needed it).
        await (want.spec ? driver.create(want.spec) : driver.start(instanceId));
        report.started.push(instanceId);
      }
    });
  }

  for (const want of expected) {
    if (want.desired !== 'running' || onDisk.includes(want.instanceId)) continue;
    await attempt(want.instanceId, async () => {
      if (!want.spec) throw new Error('Its instance folder is gone and no spec was given to create it again');
      await driver.create(want.spec);
      report.started.push(want.instanceId);
    });
  }
  return report;
}
