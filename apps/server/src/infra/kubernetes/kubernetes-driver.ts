import { randomBytes } from 'node:crypto';
import { ADMIN_CALLS, matchingEntry, type AccessCheckResult } from '@replay/agent-protocol';
import { SIZES, type InstanceSize } from '@replay/contracts';
import { callAgent, unhealthy, type AgentAddress } from '../agent-client';
import { AgentDriver, type AgentLocation } from '../agent-driver';
import {
  DriverError,
  assertDiskCanGrow,
  type DesiredInstance,
  type InfrastructureDriver,
  type InstanceConfig,
  type InstanceConfigChange,
  type InstanceHealth,
  type InstanceRuntime,
  type InstanceSpec,
  type ReconcileReport,
  type UpgradeBackup,
} from '../driver';
import { reconcile, type Inventory } from '../reconcile';
import { versionRegistry, type VersionRegistry } from '../versions';
import { ClusterRecords, type InstanceKeys } from './cluster-records';
import type { KubeApi, KubeObject } from './kube-api';
import { Pods, isReady, runtimeOf } from './pods';
import { newRecord, resourceName, type KubeRecord, type KubeSettings } from './objects';

export interface KubernetesDriverOptions extends KubeSettings {
  api: KubeApi;
  versions?: VersionRegistry;
  /** Where the console reaches an instance's agent: its Service's cluster address unless told otherwise (tests: the stand-in's port). */
  agentUrl?: (instanceId: string) => string;
  /** The instance URL users open: https://<id>.<ingressDomain> unless told otherwise. */
  instanceUrl?: (instanceId: string) => string;
  /** Where browsers reach instances (the console's connect-src): https://*.<ingressDomain> unless told otherwise. */
  browserSources?: readonly string[];
  /** How long a start may take until the pod is Ready. */
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
  pollMs?: number;
}

/**
 * Runs each instance as a StatefulSet of one pod in a Kubernetes namespace,
 * with its disk a PersistentVolumeClaim (objects.ts). Everything it knows is
 * read from the cluster: the record in the StatefulSet's annotation, whether it
 * runs from its pod's readiness, why it does not from the pod's events; so any
 * console process, restarted or not, sees the same. Operations on one instance
 * run one at a time in this process; each applies the whole set of objects, so
 * a retry after any failure converges.
 */
export class KubernetesDriver extends AgentDriver implements InfrastructureDriver, Inventory {
  readonly kind = 'kubernetes';
  readonly browserSources: readonly string[];
  private readonly opts: Required<Omit<KubernetesDriverOptions, 'api' | 'browserSources'>>;
  private readonly records: ClusterRecords;
  private readonly pods: Pods;

  constructor(options: KubernetesDriverOptions) {
    super();
    const { api, browserSources: _sources, ...rest } = options;
    this.opts = {
      versions: versionRegistry(),
      agentUrl: (id) => `http://${resourceName(id)}.${rest.namespace}.svc:80`,
      instanceUrl: (id) => `https://${id}.${rest.ingressDomain}`,
      startTimeoutMs: 120_000,
      stopTimeoutMs: 60_000,
      pollMs: 250,
      ...rest,
    };
    this.browserSources = options.browserSources ?? [`https://*.${rest.ingressDomain}`];
    this.records = new ClusterRecords(api, this.opts);
    this.pods = new Pods(api, this.opts);
  }

  private address(instanceId: string, secret: string): AgentAddress {
    return { instanceId, baseUrl: this.opts.agentUrl(instanceId), secret };
  }

  private runtime(instanceId: string, record: KubeRecord | null, pod: KubeObject | null): InstanceRuntime {
    return runtimeOf(instanceId, record, pod, record ? this.opts.instanceUrl(instanceId) : null);
  }

  async status(instanceId: string): Promise<InstanceRuntime> {
    const record = await this.records.read(instanceId);
    return this.runtime(instanceId, record, record ? await this.pods.pod(instanceId) : null);
  }

  instanceIds(): Promise<readonly string[]> {
    return this.records.instanceIds();
  }

  async isRunning(instanceId: string): Promise<boolean> {
    return (await this.status(instanceId)).state === 'running';
  }

  lacksProjectKey(spec: InstanceSpec): Promise<boolean> {
    return this.records.lacksProjectKey(spec);
  }

  /** Applies the record (running or not) and waits for the pod to be so. */
  private async converge(record: KubeRecord, keys: InstanceKeys): Promise<InstanceRuntime> {
    await this.records.apply(record, keys);
    if (record.running) return this.runtime(record.instanceId, record, await this.pods.waitRunning(record.instanceId));
    await this.pods.waitGone(record.instanceId);
    return this.runtime(record.instanceId, record, null);
  }

  create(spec: InstanceSpec): Promise<InstanceRuntime> {
    return this.serial(spec.instanceId, async () => {
      const existing = await this.records.read(spec.instanceId);
      const keys = await this.records.keys(spec.instanceId);
      const record: KubeRecord = existing ? { ...existing, running: true } : { ...newRecord(spec, Date.now()), running: true };
      // The secret is made once and kept, so a retried create keeps the instance's tokens valid.
      const secret = keys?.secret || randomBytes(32).toString('base64url');
      return this.converge(record, { secret, projectKey: spec.projectKey });
    });
  }

  start(instanceId: string): Promise<InstanceRuntime> {
    return this.serial(instanceId, async () => this.converge({ ...(await this.records.require(instanceId)), running: true }, await this.records.requireKeys(instanceId)));
  }

  stop(instanceId: string): Promise<InstanceRuntime> {
    return this.serial(instanceId, async () => {
      const record = await this.records.read(instanceId);
      if (!record) return this.runtime(instanceId, null, null);
      return this.converge({ ...record, running: false }, await this.records.requireKeys(instanceId));
    });
  }

  terminate(instanceId: string): Promise<void> {
    return this.serial(instanceId, async () => {
      await this.records.remove(instanceId);
      // The pod goes with its StatefulSet; terminate returns once its container has ended.
      await this.pods.waitGone(instanceId);
    });
  }

  resizeDisk(instanceId: string, diskSize: number): Promise<InstanceRuntime> {
    return this.serial(instanceId, async () => {
      const record = await this.records.require(instanceId);
      assertDiskCanGrow(record.diskSize, diskSize);
      const keys = await this.records.requireKeys(instanceId);
      // The claim grows (volume expansion) and the ConfigMap tells later starts; the template does not change, so nothing restarts.
      const next = { ...record, diskSize };
      await this.records.apply(next, keys);
      const pod = await this.pods.pod(instanceId);
      if (isReady(pod)) await callAgent(this.address(instanceId, keys.secret), ADMIN_CALLS.resizeDisk, { diskGb: diskSize });
      return this.runtime(instanceId, next, pod);
    });
  }

  changeType(instanceId: string, size: InstanceSize): Promise<InstanceRuntime> {
    if (!Object.hasOwn(SIZES, size)) return Promise.reject(new DriverError('invalid', `Unknown instance type ${size}`));
    return this.change(instanceId, { size });
  }

  upgradeVersion(instanceId: string, version: string): Promise<InstanceRuntime> {
    if (!this.opts.versions.has(version)) return Promise.reject(new DriverError('invalid', `Unknown version ${version}`));
    return this.change(instanceId, { version });
  }

  /** Applies a change of the pod template: a running instance's pod is replaced (unless it already runs with it), a stopped one starts with it next time. */
  private change(instanceId: string, change: Partial<KubeRecord>): Promise<InstanceRuntime> {
    return this.serial(instanceId, async () => this.converge({ ...(await this.records.require(instanceId)), ...change }, await this.records.requireKeys(instanceId)));
  }

  backupForUpgrade(instanceId: string, key: string): Promise<UpgradeBackup> {
    return this.serial(instanceId, async () => {
      const record = await this.records.require(instanceId);
      const taken = record.upgradeBackups[key];
      if (taken) return taken;
      const keys = await this.records.requireKeys(instanceId);
      // The console cannot reach the volume: the agent copies its data to backups/ on it (a stopped one is started for that).
      if (!isReady(await this.pods.pod(instanceId))) await this.converge({ ...record, running: true }, keys);
      const result = await callAgent(this.address(instanceId, keys.secret), ADMIN_CALLS.backup, { name: `upgrade-${key}` });
      const backup: UpgradeBackup = { key, createdAt: result.createdAt, bytes: result.bytes, restoredAt: null };
      // Recorded and stopped in one apply: nothing more is written before the upgrade.
      await this.converge({ ...record, running: false, upgradeBackups: { ...record.upgradeBackups, [key]: backup } }, keys);
      return backup;
    });
  }

  restoreBackup(instanceId: string, key: string, version: string): Promise<InstanceRuntime> {
    if (!this.opts.versions.has(version)) return Promise.reject(new DriverError('invalid', `Unknown version ${version}`));
    return this.serial(instanceId, async () => {
      const record = await this.records.require(instanceId);
      const backup = record.upgradeBackups[key];
      if (!backup) throw new DriverError('not-found', `Instance ${instanceId} has no upgrade backup ${key}`);
      const keys = await this.records.requireKeys(instanceId);
      if (backup.restoredAt !== null) return this.converge({ ...record, running: true }, keys);
      // The agent puts the backup's whole data back as it starts (once: it marks the backup), at the old version.
      const restoring = { ...record, version, running: true, restoreBackup: `upgrade-${key}` };
      const runtime = await this.converge(restoring, keys);
      await this.records.apply({ ...restoring, upgradeBackups: { ...record.upgradeBackups, [key]: { ...backup, restoredAt: Date.now() } } }, keys);
      return runtime;
    });
  }

  // --- Where the agent is (the agent calls themselves: agent-driver.ts) -----------------------

  protected async runningAgent(instanceId: string): Promise<AgentAddress | null> {
    await this.records.require(instanceId);
    const keys = await this.records.keys(instanceId);
    return keys && isReady(await this.pods.pod(instanceId)) ? this.address(instanceId, keys.secret) : null;
  }

  protected async locate(instanceId: string): Promise<AgentLocation | null> {
    const keys = (await this.records.read(instanceId)) ? await this.records.keys(instanceId) : null;
    return keys && { agent: this.address(instanceId, keys.secret), instanceUrl: this.opts.instanceUrl(instanceId) };
  }

  /** The access list is the Ingress's (its source ranges): behind it, the agent sees only the controller's address. */
  protected override agentChangeOf(change: InstanceConfigChange): InstanceConfigChange {
    const { accessList: _ingressOnly, ...agentPart } = change;
    return agentPart;
  }

  /** The Ingress answers the browsers' CORS preflights and holds the access list: it allows what the agent now does. */
  protected override async configApplied(instanceId: string, change: InstanceConfigChange, config: InstanceConfig): Promise<void> {
    if (change.corsOrigins === undefined && change.accessList === undefined) return;
    const record = await this.records.require(instanceId);
    const corsOrigins = change.corsOrigins === undefined ? record.corsOrigins : config.corsOrigins;
    const accessList = change.accessList ?? record.accessList;
    await this.records.apply({ ...record, corsOrigins, accessList }, await this.records.requireKeys(instanceId));
  }

  /** The tester asks what the Ingress enforces, by the same rule the agent's gate uses. */
  override async accessCheck(instanceId: string, address: string): Promise<AccessCheckResult> {
    const list = (await this.records.require(instanceId)).accessList ?? [];
    const matched = matchingEntry(list, address);
    return { address, allowed: list.length === 0 || matched !== null, open: list.length === 0, matched };
  }

  /** The health round asks every instance: a cluster that does not answer is an unhealthy answer, not a failed round. */
  protected override healthUnread(error: unknown, checkedAt: number): InstanceHealth {
    return unhealthy((error as Error).message, checkedAt);
  }

  reconcile(expected: readonly DesiredInstance[]): Promise<ReconcileReport> {
    return reconcile(this, expected);
  }

  checkReachable(): Promise<string | null> {
    return this.records.checkReachable();
  }
}

export { podPid } from './pods';
