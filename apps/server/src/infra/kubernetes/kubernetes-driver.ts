import { randomBytes } from 'node:crypto';
import { ADMIN_CALLS, BACKUP_NAME_PATTERN, type ErrorDetail, type ErrorList, type ErrorProjects, type SsoStatus } from '@replay/agent-protocol';
import { DISK_MAX_GB, SIZES, type InstanceSize } from '@replay/contracts';
import { keyedSerial } from '../../lib/concurrency';
import { callAgent, checkHealth, loginUrl, preflight, type AgentAddress } from '../agent-client';
import {
  DriverError,
  type BackupInfo,
  type CleanupInfo,
  type CleanupPreviewInfo,
  type CorsPreflight,
  type DesiredInstance,
  type InfrastructureDriver,
  type InstanceConfig,
  type InstanceConfigChange,
  type InstanceHealth,
  type InstanceRuntime,
  type InstanceSpec,
  type InstanceStats,
  type InstanceUser,
  type ReconcileReport,
  type RestoreInfo,
  type UpgradeBackup,
} from '../driver';
import { reconcile, type Inventory } from '../reconcile';
import { versionRegistry, type VersionRegistry } from '../versions';
import type { KubeApi, KubeObject } from './kube-api';
import { Pods, isReady, podPid } from './pods';
import { INSTANCE_LABEL, KEY_HASH_ANNOTATION, MANAGED_BY, claimName, instanceObjects, keyHash, recordOf, resourceName, type KubeRecord, type KubeSettings } from './objects';

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

const MANAGED_SELECTOR = Object.entries(MANAGED_BY)
  .map(([k, v]) => `${k}=${v}`)
  .join(',');
const ID_PATTERN = /^[a-z0-9]([-a-z0-9]{0,40}[a-z0-9])?$/;

/** The spec as the record keeps it: the project key lives in the Secret only. */
function specWithoutKey(spec: InstanceSpec): Omit<InstanceSpec, 'projectKey'> {
  const { projectKey: _key, ...rest } = spec;
  return rest;
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
export class KubernetesDriver implements InfrastructureDriver, Inventory {
  readonly kind = 'kubernetes';
  readonly browserSources: readonly string[];
  private readonly api: KubeApi;
  private readonly opts: Required<Omit<KubernetesDriverOptions, 'api' | 'browserSources'>>;
  private readonly serial = keyedSerial();
  private readonly pods: Pods;

  constructor(options: KubernetesDriverOptions) {
    const { api, browserSources: _sources, ...rest } = options;
    this.api = api;
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
    this.pods = new Pods(api, this.opts);
  }

  private checkId(instanceId: string): void {
    // Every object's name carries the id: a DNS label, as Kubernetes names are.
    if (!ID_PATTERN.test(instanceId)) throw new DriverError('invalid', `Invalid instance id for Kubernetes: ${instanceId}`);
  }

  private address(instanceId: string, secret: string): AgentAddress {
    return { instanceId, baseUrl: this.opts.agentUrl(instanceId), secret };
  }

  // --- What the cluster holds ---------------------------------------------------------------

  private async readRecord(instanceId: string): Promise<KubeRecord | null> {
    this.checkId(instanceId);
    const sts = await this.api.read('apps/v1', 'StatefulSet', resourceName(instanceId));
    if (!sts) return null;
    const claim = await this.api.read('v1', 'PersistentVolumeClaim', claimName(instanceId));
    return recordOf(sts, claim?.spec?.resources?.requests?.storage);
  }

  private async record(instanceId: string): Promise<KubeRecord> {
    const record = await this.readRecord(instanceId);
    if (!record) throw new DriverError('not-found', `Instance ${instanceId} does not exist`);
    return record;
  }

  private async keys(instanceId: string): Promise<{ secret: string; projectKey: string } | null> {
    const secret = await this.api.read('v1', 'Secret', resourceName(instanceId));
    const decode = (key: string) => (secret?.data?.[key] ? Buffer.from(secret.data[key], 'base64').toString('utf8') : '');
    return secret ? { secret: decode('secret'), projectKey: decode('project-key') } : null;
  }

  private async requireKeys(instanceId: string): Promise<{ secret: string; projectKey: string }> {
    const keys = await this.keys(instanceId);
    if (!keys?.projectKey) throw new DriverError('start-failed', `Instance ${instanceId} has no project key yet: it starts through create() with its spec, which brings the key`);
    return keys;
  }

  private pod(instanceId: string): Promise<KubeObject | null> {
    return this.pods.pod(instanceId);
  }

  private runtime(instanceId: string, record: KubeRecord | null, pod: KubeObject | null): InstanceRuntime {
    const running = record !== null && pod !== null && !pod.metadata?.deletionTimestamp && isReady(pod);
    const url = record ? this.opts.instanceUrl(instanceId) : null;
    const restarts = pod?.status?.containerStatuses?.[0]?.restartCount ?? 0;
    return {
      instanceId,
      state: !record ? 'absent' : running ? 'running' : 'stopped',
      url,
      healthUrl: url && `${url}/api/health`,
      pid: running ? podPid(pod!.metadata!.uid!, restarts) : null,
      version: record?.version ?? null,
      size: record?.size ?? null,
      diskSize: record?.diskSize ?? null,
    };
  }

  async status(instanceId: string): Promise<InstanceRuntime> {
    const record = await this.readRecord(instanceId);
    return this.runtime(instanceId, record, record ? await this.pod(instanceId) : null);
  }

  async instanceIds(): Promise<readonly string[]> {
    const held = [...(await this.api.list('apps/v1', 'StatefulSet', MANAGED_SELECTOR)), ...(await this.api.list('v1', 'Secret', MANAGED_SELECTOR))];
    return [...new Set(held.map((o) => o.metadata?.labels?.[INSTANCE_LABEL]).filter((id): id is string => !!id))];
  }

  async isRunning(instanceId: string): Promise<boolean> {
    return (await this.status(instanceId)).state === 'running';
  }

  async lacksProjectKey(spec: InstanceSpec): Promise<boolean> {
    const keys = await this.keys(spec.instanceId);
    const sts = await this.api.read('apps/v1', 'StatefulSet', resourceName(spec.instanceId));
    return keys?.projectKey !== spec.projectKey || sts?.spec?.template?.metadata?.annotations?.[KEY_HASH_ANNOTATION] !== keyHash(spec.projectKey);
  }

  // --- Converging -----------------------------------------------------------------------------

  private async applyAll(record: KubeRecord, keys: { secret: string; projectKey: string }): Promise<void> {
    for (const object of instanceObjects(record, keys, this.opts)) await this.api.apply(object as KubeObject);
  }

  /** Applies the record (running or not) and waits for the pod to be so. */
  private async converge(record: KubeRecord, keys: { secret: string; projectKey: string }): Promise<InstanceRuntime> {
    await this.applyAll(record, keys);
    if (record.running) return this.runtime(record.instanceId, record, await this.pods.waitRunning(record.instanceId));
    await this.pods.waitGone(record.instanceId);
    return this.runtime(record.instanceId, record, null);
  }

  create(spec: InstanceSpec): Promise<InstanceRuntime> {
    return this.serial(spec.instanceId, async () => {
      const existing = await this.readRecord(spec.instanceId);
      const keys = await this.keys(spec.instanceId);
      const record: KubeRecord = existing
        ? { ...existing, running: true }
        : { ...specWithoutKey(spec), running: true, createdAt: Date.now(), corsOrigins: [], upgradeBackups: {}, restoreBackup: null };
      // The secret is made once and kept, so a retried create keeps the instance's tokens valid.
      const secret = keys?.secret || randomBytes(32).toString('base64url');
      return this.converge(record, { secret, projectKey: spec.projectKey });
    });
  }

  start(instanceId: string): Promise<InstanceRuntime> {
    return this.serial(instanceId, async () => this.converge({ ...(await this.record(instanceId)), running: true }, await this.requireKeys(instanceId)));
  }

  stop(instanceId: string): Promise<InstanceRuntime> {
    return this.serial(instanceId, async () => {
      const record = await this.readRecord(instanceId);
      if (!record) return this.runtime(instanceId, null, null);
      return this.converge({ ...record, running: false }, await this.requireKeys(instanceId));
    });
  }

  terminate(instanceId: string): Promise<void> {
    return this.serial(instanceId, async () => {
      this.checkId(instanceId);
      const selector = `${INSTANCE_LABEL}=${instanceId}`;
      const kinds: [string, string][] = [
        ['apps/v1', 'StatefulSet'],
        ['networking.k8s.io/v1', 'Ingress'],
        ['v1', 'Service'],
        ['v1', 'PersistentVolumeClaim'],
        ['v1', 'ConfigMap'],
        ['v1', 'Secret'],
      ];
      for (const [apiVersion, kind] of kinds) {
        for (const object of await this.api.list(apiVersion, kind, selector)) await this.api.delete(apiVersion, kind, object.metadata!.name!);
      }
      // The pod goes with its StatefulSet; terminate returns once its container has ended.
      await this.pods.waitGone(instanceId);
    });
  }

  resizeDisk(instanceId: string, diskSize: number): Promise<InstanceRuntime> {
    return this.serial(instanceId, async () => {
      const record = await this.record(instanceId);
      if (!Number.isInteger(diskSize) || diskSize < record.diskSize || diskSize > DISK_MAX_GB) {
        throw new DriverError('invalid', `The disk can only grow, from ${record.diskSize} GB up to ${DISK_MAX_GB} GB`);
      }
      const keys = await this.requireKeys(instanceId);
      // The claim grows (volume expansion) and the ConfigMap tells later starts; the template does not change, so nothing restarts.
      const next = { ...record, diskSize };
      await this.applyAll(next, keys);
      const pod = await this.pod(instanceId);
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
    return this.serial(instanceId, async () => this.converge({ ...(await this.record(instanceId)), ...change }, await this.requireKeys(instanceId)));
  }

  backupForUpgrade(instanceId: string, key: string): Promise<UpgradeBackup> {
    return this.serial(instanceId, async () => {
      const record = await this.record(instanceId);
      const taken = record.upgradeBackups[key];
      if (taken) return taken;
      const keys = await this.requireKeys(instanceId);
      // The console cannot reach the volume: the agent copies its data to backups/ on it (a stopped one is started for that).
      if (!isReady(await this.pod(instanceId))) await this.converge({ ...record, running: true }, keys);
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
      const record = await this.record(instanceId);
      const backup = record.upgradeBackups[key];
      if (!backup) throw new DriverError('not-found', `Instance ${instanceId} has no upgrade backup ${key}`);
      const keys = await this.requireKeys(instanceId);
      if (backup.restoredAt !== null) return this.converge({ ...record, running: true }, keys);
      // The agent puts the backup's whole data back as it starts (once: it marks the backup), at the old version.
      const restoring = { ...record, version, running: true, restoreBackup: `upgrade-${key}` };
      const runtime = await this.converge(restoring, keys);
      await this.applyAll({ ...restoring, upgradeBackups: { ...record.upgradeBackups, [key]: { ...backup, restoredAt: Date.now() } } }, keys);
      return runtime;
    });
  }

  // --- Through the running agent -------------------------------------------------------------

  /** The address of a running instance, else a not-running error: config, backups and cleanup live in the agent. */
  private async running(instanceId: string): Promise<AgentAddress> {
    await this.record(instanceId);
    const keys = await this.keys(instanceId);
    if (!keys || !isReady(await this.pod(instanceId))) throw new DriverError('not-running', `Instance ${instanceId} is not running`);
    return this.address(instanceId, keys.secret);
  }

  applyConfig(instanceId: string, change: InstanceConfigChange): Promise<InstanceConfig> {
    return this.serial(instanceId, async () => {
      const config = await callAgent(await this.running(instanceId), ADMIN_CALLS.applyConfig, change);
      // The Ingress answers the browsers' CORS preflights: it allows what the agent now does.
      if (change.corsOrigins !== undefined) {
        const record = await this.record(instanceId);
        await this.applyAll({ ...record, corsOrigins: config.corsOrigins }, await this.requireKeys(instanceId));
      }
      return config;
    });
  }

  async readConfig(instanceId: string): Promise<InstanceConfig> {
    return callAgent(await this.running(instanceId), ADMIN_CALLS.readConfig);
  }

  async corsPreflight(instanceId: string, origin: string): Promise<CorsPreflight> {
    return preflight(await this.running(instanceId), origin);
  }

  async ssoStatus(instanceId: string): Promise<SsoStatus> {
    return callAgent(await this.running(instanceId), ADMIN_CALLS.ssoStatus);
  }

  async errors(instanceId: string, page: number, limit: number, projectIds?: ErrorProjects): Promise<ErrorList> {
    return callAgent(await this.running(instanceId), ADMIN_CALLS.errors, { page, limit, projectIds });
  }

  async error(instanceId: string, errorId: string, projectIds?: ErrorProjects): Promise<ErrorDetail> {
    return callAgent(await this.running(instanceId), ADMIN_CALLS.error, { errorId, projectIds });
  }

  backup(instanceId: string, name: string): Promise<BackupInfo> {
    return this.serial(instanceId, async () => callAgent(await this.running(instanceId), ADMIN_CALLS.backup, { name }));
  }

  restoreData(instanceId: string, name: string, restoreId: string): Promise<RestoreInfo> {
    return this.serial(instanceId, async () => callAgent(await this.running(instanceId), ADMIN_CALLS.restore, { name, restoreId }));
  }

  deleteBackup(instanceId: string, name: string): Promise<void> {
    if (!BACKUP_NAME_PATTERN.test(name)) return Promise.reject(new DriverError('invalid', `Invalid backup name: ${name}`));
    // The backup is on the instance's volume, which only its agent reaches.
    return this.serial(instanceId, async () => {
      await callAgent(await this.running(instanceId), ADMIN_CALLS.deleteBackup, { name });
    });
  }

  cleanup(instanceId: string, days: number): Promise<CleanupInfo> {
    return this.serial(instanceId, async () => callAgent(await this.running(instanceId), ADMIN_CALLS.cleanup, { days }));
  }

  async cleanupPreview(instanceId: string, ages: readonly number[]): Promise<CleanupPreviewInfo> {
    return callAgent(await this.running(instanceId), ADMIN_CALLS.cleanupPreview, { ages: [...ages] });
  }

  async stats(instanceId: string): Promise<InstanceStats> {
    return callAgent(await this.running(instanceId), ADMIN_CALLS.stats);
  }

  async health(instanceId: string): Promise<InstanceHealth> {
    const checkedAt = Date.now();
    let keys: { secret: string; projectKey: string } | null;
    try {
      keys = (await this.readRecord(instanceId)) ? await this.keys(instanceId) : null;
    } catch (e) {
      // The health round asks every instance: a cluster that does not answer is an unhealthy answer, not a failed round.
      return { healthy: false, statusCode: null, tenants: [], version: null, error: (e as Error).message, checkedAt };
    }
    if (!keys) return { healthy: false, statusCode: null, tenants: [], version: null, error: 'Instance not found', checkedAt };
    const { body: _body, ...health } = await checkHealth(this.address(instanceId, keys.secret));
    return health;
  }

  async loginUrl(instanceId: string, user: InstanceUser): Promise<string> {
    await this.record(instanceId);
    const keys = await this.keys(instanceId);
    if (!keys) throw new DriverError('not-found', `Instance ${instanceId} does not exist`);
    return loginUrl(this.address(instanceId, keys.secret), this.opts.instanceUrl(instanceId), user);
  }

  reconcile(expected: readonly DesiredInstance[]): Promise<ReconcileReport> {
    return reconcile(this, expected);
  }

  /** One list of the namespace's StatefulSets: it needs the API, the credentials and the permission the driver needs most. */
  async checkReachable(): Promise<string | null> {
    try {
      await this.api.list('apps/v1', 'StatefulSet', MANAGED_SELECTOR);
      return null;
    } catch (e) {
      return (e as Error).message;
    }
  }
}


export { podPid } from './pods';
