import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_CALLS, type AgentHealth } from '@replay/agent-protocol';
import { SIZES, type InstanceSize } from '@replay/contracts';
import { livePidOf } from '@replay/local-process';
import { freePort } from '../lib/free-port';
import { callAgent, checkHealth, type AgentAddress } from './agent-client';
import { AgentDriver, type AgentLocation } from './agent-driver';
import { DriverError, assertDiskCanGrow, type DesiredInstance, type InfrastructureDriver, type InstanceRuntime, type InstanceSpec, type ReconcileReport, type UpgradeBackup } from './driver';
import { endProcessGroup } from './local/agent-process';
import { InstanceFolders, runtimeOf, type InstanceRecord } from './local/instance-folder';
import { agentAddress, startAgent, type AgentStarter } from './local/start-agent';
import { UpgradeBackups } from './local/upgrade-backups';
import { versionRegistry, type VersionRegistry } from './versions';
import { reconcile, type Inventory } from './reconcile';

export interface LocalDriverOptions {
  /** Instance folders go here: `${DATA_DIR}/instances`. */
  root: string;
  /** The console's origin, which every agent allows to check its health from the browser. */
  consoleOrigin: string;
  /** Agents listen on loopback unless told otherwise: on this machine nothing else needs to reach them. */
  host?: string;
  startTimeoutMs?: number;
  stopGraceMs?: number;
  /** The versions it may run and which agent file runs each; the catalogue with the bundled agent when absent. */
  versions?: VersionRegistry;
}

/**
 * Runs each instance as an agent process on this machine. Its whole state is
 * the instance folders on disk and the processes they name, so a console that
 * restarts (or crashed) picks up where it left off; see `reconcile`, whose
 * inventory it answers from those folders and pids.
 */
export class LocalDriver extends AgentDriver implements InfrastructureDriver, Inventory {
  readonly kind = 'local';
  /** Every instance URL it hands out is http://localhost:<port> (see runtimeOf). */
  readonly browserSources = ['http://localhost:*'];
  readonly folders: InstanceFolders;
  private readonly opts: Required<LocalDriverOptions>;
  private readonly starter: AgentStarter;

  constructor(options: LocalDriverOptions) {
    super();
    this.opts = { host: '127.0.0.1', startTimeoutMs: 15_000, stopGraceMs: 5_000, versions: versionRegistry(), ...options };
    this.folders = new InstanceFolders(options.root);
    this.starter = { ...this.opts, folders: this.folders, freePort: () => this.serial('ports', () => freePort(this.folders.reservedPorts())) };
  }

  private record(instanceId: string): InstanceRecord {
    const record = this.folders.read(instanceId);
    if (!record) throw new DriverError('not-found', `Instance ${instanceId} does not exist`);
    return record;
  }

  /** The pid of this instance's agent when one is alive; a recorded pid now used by another process does not count. */
  livePid(instanceId: string): number | null {
    return livePidOf(this.folders.dataDir(instanceId));
  }

  async instanceIds(): Promise<readonly string[]> {
    return this.folders.list();
  }

  async isRunning(instanceId: string): Promise<boolean> {
    return this.livePid(instanceId) !== null;
  }

  async status(instanceId: string): Promise<InstanceRuntime> {
    const record = this.folders.read(instanceId);
    return runtimeOf(instanceId, record, record ? this.livePid(instanceId) : null);
  }

  create(spec: InstanceSpec): Promise<InstanceRuntime> {
    return this.serial(spec.instanceId, async () => {
      // Ports are handed out one at a time, so two creates never get the same one.
      await this.serial('ports', async () => {
        if (this.folders.read(spec.instanceId)) return;
        const port = await freePort(this.folders.reservedPorts());
        this.folders.write({ ...spec, port, secret: randomBytes(32).toString('base64url'), createdAt: Date.now() });
      });
      await this.takeProjectKey(spec);
      return this.startNow(spec.instanceId);
    });
  }

  /** True when the instance's record lacks the spec's project key: an agent running now was started without it. */
  async lacksProjectKey(spec: InstanceSpec): Promise<boolean> {
    return this.folders.read(spec.instanceId)?.projectKey !== spec.projectKey;
  }

  /**
   * Records the spec's project key when the record lacks it (a record from
   * before keys, or a key that changed), stopping first an agent started
   * without it. The record's key changes only while no agent runs, so a live
   * agent always runs with the key its record holds; a crash in between
   * leaves a stopped agent, which the next create starts with the key.
   */
  private async takeProjectKey(spec: InstanceSpec): Promise<void> {
    if (!(await this.lacksProjectKey(spec))) return;
    const pid = this.livePid(spec.instanceId);
    if (pid) await endProcessGroup(pid, this.opts.stopGraceMs);
    this.folders.update(spec.instanceId, { projectKey: spec.projectKey });
  }

  start(instanceId: string): Promise<InstanceRuntime> {
    return this.serial(instanceId, () => this.startNow(instanceId));
  }

  private startNow(instanceId: string): Promise<InstanceRuntime> {
    return startAgent(this.starter, this.record(instanceId));
  }

  stop(instanceId: string): Promise<InstanceRuntime> {
    return this.serial(instanceId, () => this.stopNow(instanceId));
  }

  private async stopNow(instanceId: string): Promise<InstanceRuntime> {
    const record = this.folders.read(instanceId);
    const pid = this.folders.exists(instanceId) ? this.livePid(instanceId) : null;
    if (pid) await endProcessGroup(pid, this.opts.stopGraceMs);
    return runtimeOf(instanceId, record, null);
  }

  terminate(instanceId: string): Promise<void> {
    return this.serial(instanceId, async () => {
      await this.stopNow(instanceId);
      this.folders.remove(instanceId);
    });
  }

  resizeDisk(instanceId: string, diskSize: number): Promise<InstanceRuntime> {
    return this.serial(instanceId, async () => {
      const record = this.record(instanceId);
      assertDiskCanGrow(record.diskSize, diskSize);
      const next = this.folders.update(instanceId, { diskSize });
      const pid = this.livePid(instanceId);
      if (pid) await callAgent(agentAddress(next), ADMIN_CALLS.resizeDisk, { diskGb: diskSize });
      return runtimeOf(instanceId, next, pid);
    });
  }

  changeType(instanceId: string, size: InstanceSize): Promise<InstanceRuntime> {
    const { vcpu, memoryGb } = SIZES[size];
    return this.restartUnless(instanceId, { size }, (h) => h.resources.vcpu === vcpu && h.resources.memoryGb === memoryGb);
  }

  upgradeVersion(instanceId: string, version: string): Promise<InstanceRuntime> {
    if (!this.opts.versions.has(version)) return Promise.reject(new DriverError('invalid', `Unknown version ${version}`));
    return this.restartUnless(instanceId, { version }, (h) => h.version === version);
  }

  private upgradeBackups(instanceId: string): UpgradeBackups {
    return new UpgradeBackups(join(this.folders.dir(instanceId), 'backups'), this.folders.dataDir(instanceId));
  }

  backupForUpgrade(instanceId: string, key: string): Promise<UpgradeBackup> {
    return this.serial(instanceId, async () => {
      this.record(instanceId);
      const backups = this.upgradeBackups(instanceId);
      // Taken already (a retry): the agent may run the new version by now, and is left alone.
      const taken = backups.read(key);
      if (taken) return taken;
      // A cold copy: nothing writes while it is taken; the upgrade restarts the agent anyway.
      await this.stopNow(instanceId);
      return backups.take(key, Date.now());
    });
  }

  restoreBackup(instanceId: string, key: string, version: string): Promise<InstanceRuntime> {
    if (!this.opts.versions.has(version)) return Promise.reject(new DriverError('invalid', `Unknown version ${version}`));
    return this.serial(instanceId, async () => {
      this.record(instanceId);
      const backups = this.upgradeBackups(instanceId);
      if (!backups.read(key)) throw new DriverError('not-found', `Instance ${instanceId} has no upgrade backup ${key}`);
      // Restored already (a retry): only the start remains; the agent running the old version keeps its process.
      if (backups.read(key)?.restoredAt === null) await this.stopNow(instanceId);
      backups.restore(key, Date.now(), () => this.folders.update(instanceId, { version }));
      return this.startNow(instanceId);
    });
  }

  /**
   * Records the change, then restarts a running agent unless it already runs
   * with it: so a retry after a crash between the two steps still restarts.
   */
  private restartUnless(instanceId: string, change: Partial<InstanceRecord>, applied: (health: AgentHealth) => boolean): Promise<InstanceRuntime> {
    return this.serial(instanceId, async () => {
      this.record(instanceId); // a missing instance fails as not-found, before anything is written
      const record = this.folders.update(instanceId, change);
      const pid = this.livePid(instanceId);
      if (!pid) return runtimeOf(instanceId, record, null);
      const health = await checkHealth(agentAddress(record));
      if (health.healthy && health.body && applied(health.body)) return runtimeOf(instanceId, record, pid);
      await this.stopNow(instanceId);
      return this.startNow(instanceId);
    });
  }

  protected async runningAgent(instanceId: string): Promise<AgentAddress | null> {
    const record = this.record(instanceId);
    return this.livePid(instanceId) ? agentAddress(record) : null;
  }

  protected async locate(instanceId: string): Promise<AgentLocation | null> {
    const record = this.folders.read(instanceId);
    return record && { agent: agentAddress(record), instanceUrl: runtimeOf(instanceId, record, null).url! };
  }

  /** The backups are in the instance's folder, on this machine's disk. */
  protected override async removeBackup(instanceId: string, name: string): Promise<void> {
    rmSync(join(this.folders.dir(instanceId), 'backups', name), { recursive: true, force: true });
  }

  reconcile(expected: readonly DesiredInstance[]): Promise<ReconcileReport> {
    return reconcile(this, expected);
  }
}
