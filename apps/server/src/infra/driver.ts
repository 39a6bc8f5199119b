import type {
  AccessCheckResult,
  AgentConfig,
  AgentConfigChange,
  AgentStats,
  BackupResult,
  ErrorDetail,
  ErrorList,
  ErrorProjects,
  RestoreResult,
  SourceMapInfo,
  SourceMapUpload,
  SsoStatus,
  CleanupPreviewResult,
  CleanupResult,
  Activity,
} from '@replay/agent-protocol';
import { DISK_MAX_GB, type InstanceSize, type Provider } from '@replay/contracts';

/**
 * Where hosted instances run. The console's services and jobs call only this
 * interface; the local driver runs each instance as an agent process on this
 * machine, the Kubernetes driver (kubernetes/) as a StatefulSet with its volume,
 * Service, Ingress and Secret in a namespace, and the callers do not change.
 *
 * Every operation is idempotent, because jobs retry: running one twice leaves
 * the same result as running it once (create reuses what exists, start on a
 * running instance does nothing, terminate on a gone instance succeeds).
 */
export interface InfrastructureDriver {
  readonly kind: string;
  /**
   * Where the browser reaches instances itself (its direct health check), as
   * Content-Security-Policy sources: the console's `connect-src` allows these.
   */
  readonly browserSources: readonly string[];
  /** Provisions the instance if needed, gives it the spec's project key if its record lacks it, and starts it. */
  create(spec: InstanceSpec): Promise<InstanceRuntime>;
  /** Starts an instance already provisioned with a project key; one recorded without a key is refused (use create). */
  start(instanceId: string): Promise<InstanceRuntime>;
  stop(instanceId: string): Promise<InstanceRuntime>;
  /** Ends the instance and deletes its data and backups. */
  terminate(instanceId: string): Promise<void>;
  /** Grows the disk (never shrinks it), online when running. */
  resizeDisk(instanceId: string, diskSize: number): Promise<InstanceRuntime>;
  /** Switches the instance type; a running instance restarts on the new one. */
  changeType(instanceId: string, size: InstanceSize): Promise<InstanceRuntime>;
  /** A running instance restarts at the new version; a stopped one starts at it next time. */
  upgradeVersion(instanceId: string, version: string): Promise<InstanceRuntime>;
  /**
   * Before a version upgrade: stops the instance and copies its data aside
   * under `key` (one per upgrade). The same key finds the same backup, so a
   * retry never copies what the new version has written since.
   */
  backupForUpgrade(instanceId: string, key: string): Promise<UpgradeBackup>;
  /**
   * Undoes an upgrade: puts the data of backup `key` back and starts the
   * instance at `version` (the one it ran before). A backup already restored is
   * not copied again, so a retry keeps what was recorded since.
   */
  restoreBackup(instanceId: string, key: string, version: string): Promise<InstanceRuntime>;
  applyConfig(instanceId: string, change: InstanceConfigChange): Promise<InstanceConfig>;
  readConfig(instanceId: string): Promise<InstanceConfig>;
  /** What the instance answers the preflight of a tracker on `origin` (its ingest's CORS), asked as a browser asks. */
  corsPreflight(instanceId: string, origin: string): Promise<CorsPreflight>;
  /** What the network access list the running instance enforces decides for `address` (the console's tester). */
  accessCheck(instanceId: string, address: string): Promise<AccessCheckResult>;
  /** The last SSO 'Test sign-in' that passed on the running instance (the agent's record). */
  ssoStatus(instanceId: string): Promise<SsoStatus>;
  /** The running instance's JavaScript errors of `projectIds` (absent: all; null: the account's key), grouped by message and top frame, newest first. */
  errors(instanceId: string, page: number, limit: number, projectIds?: ErrorProjects): Promise<ErrorList>;
  /** One error group of `projectIds` with its latest occurrence; null when they have no such group. */
  error(instanceId: string, errorId: string, projectIds?: ErrorProjects): Promise<ErrorDetail>;
  /** Keeps a source map on the running instance, which resolves frames with it (`invalid` when it is not a map v3). */
  uploadSourceMap(instanceId: string, upload: SourceMapUpload): Promise<SourceMapInfo>;
  /** The running instance's source maps of `projectIds`, newest first, without their text. */
  sourceMaps(instanceId: string, projectIds?: ErrorProjects): Promise<{ sourceMaps: SourceMapInfo[] }>;
  /** Removes one map of `projectIds` from the running instance; `removed: false` when they have none of that id. */
  deleteSourceMap(instanceId: string, id: string, projectIds?: ErrorProjects): Promise<{ removed: boolean }>;
  /** What the running instance recorded in [from, to) (epoch ms): sessions started, their distinct user ids, error occurrences. */
  activity(instanceId: string, from: number, to: number): Promise<Activity>;
  /** A copy of a running instance's data named `name` (the console's choice: asking twice takes it once). */
  backup(instanceId: string, name: string): Promise<BackupInfo>;
  /**
   * Puts the recordings of backup `name` back in place of the running instance's (its
   * configuration stays). `restoreId` is the request's: asked again, it restores nothing twice.
   */
  restoreData(instanceId: string, name: string, restoreId: string): Promise<RestoreInfo>;
  /** Removes the backup `name`; one already gone is fine. */
  deleteBackup(instanceId: string, name: string): Promise<void>;
  /** Removes recorded sessions older than `days` days. */
  cleanup(instanceId: string, days: number): Promise<CleanupInfo>;
  /** For each age in days, what `cleanup` would free now; removes nothing. */
  cleanupPreview(instanceId: string, ages: readonly number[]): Promise<CleanupPreviewInfo>;
  /** What is actually there, read from the infrastructure and never from the console's database. */
  status(instanceId: string): Promise<InstanceRuntime>;
  health(instanceId: string): Promise<InstanceHealth>;
  stats(instanceId: string): Promise<InstanceStats>;
  /** A URL that signs `user` in to the instance once; the token in it expires within a minute. */
  loginUrl(instanceId: string, user: InstanceUser): Promise<string>;
  /**
   * Brings the infrastructure in line with the console's view after a console
   * start: adopts instances still running, restarts those that should run and
   * do not, stops those that should not run, and ends instances the console
   * does not know or has terminated.
   */
  reconcile(expected: readonly DesiredInstance[]): Promise<ReconcileReport>;
  /**
   * Null when the infrastructure answers, else why not, in words an operator acts on
   * (asked once at boot: a driver on this machine has nothing to reach and leaves it out).
   */
  checkReachable?(): Promise<string | null>;
}

export interface InstanceSpec {
  instanceId: string;
  name: string;
  tenantName: string;
  /**
   * The account's tenantKey, which its trackers send as their project key:
   * the instance takes recorded events only with it. A secret: kept out of
   * command lines and logs.
   */
  projectKey: string;
  provider: Provider;
  region: string;
  size: InstanceSize;
  /** GB */
  diskSize: number;
  /** major.minor */
  version: string;
}

export type RuntimeState = 'running' | 'stopped' | 'absent';

export interface InstanceRuntime {
  instanceId: string;
  state: RuntimeState;
  /** The instance URL users open; null once the instance is gone. */
  url: string | null;
  /** Where the browser and the console check health directly. */
  healthUrl: string | null;
  pid: number | null;
  /** The version it runs, or will run at next start. */
  version: string | null;
  size: InstanceSize | null;
  diskSize: number | null;
}

export interface InstanceHealth {
  /** HTTP 200 with at least one tenant, from the instance itself. */
  healthy: boolean;
  statusCode: number | null;
  /** Anyone may ask an instance's health, so its tenants carry no names. */
  tenants: { active: boolean }[];
  version: string | null;
  error: string | null;
  checkedAt: number;
}

/**
 * What an instance reports and accepts about itself is the agent protocol's
 * (packages/agent-protocol): any driver runs the same agent, so these are its
 * answers, named here as the console's view of an instance.
 */
export type InstanceStats = AgentStats;
export type InstanceConfig = AgentConfig;

/** A CORS preflight's answer: its status and the headers a browser decides by (null when absent). */
export interface CorsPreflight {
  status: number;
  allowOrigin: string | null;
  allowMethods: string | null;
  allowHeaders: string | null;
}
export type InstanceConfigChange = AgentConfigChange;
export type BackupInfo = BackupResult;
export type RestoreInfo = RestoreResult;
export type CleanupInfo = CleanupResult;
export type CleanupPreviewInfo = CleanupPreviewResult;

/** A backup taken before an upgrade; `restoredAt` (epoch ms) once it was put back. */
export interface UpgradeBackup {
  key: string;
  createdAt: number;
  bytes: number;
  restoredAt: number | null;
}

export interface InstanceUser {
  userId: string;
  name: string;
  email: string;
}

export interface DesiredInstance {
  instanceId: string;
  desired: 'running' | 'stopped' | 'terminated';
  /** Lets reconcile re-create a running instance whose infrastructure vanished, and give its agent the current project key. */
  spec?: InstanceSpec;
}

export interface ReconcileReport {
  /** Found running and healthy: left alone, now tracked again. */
  adopted: string[];
  /** Should have been running and were not: started. */
  started: string[];
  /** Running against the console's wish: stopped. */
  stopped: string[];
  /** Terminated, or unknown to the console: their processes ended. */
  killed: string[];
  failed: { instanceId: string; error: string }[];
}

/**
 * `unavailable`: the infrastructure's API did not answer, or answered 5xx (a retry may pass);
 * `forbidden`: it refused the console's credentials (an operator grants the permission);
 * `cluster-refused`: it refused the request itself (a conflict, an object it finds invalid).
 */
export type DriverErrorCode = 'not-found' | 'not-running' | 'invalid' | 'start-failed' | 'agent-error' | 'unavailable' | 'forbidden' | 'cluster-refused';

/** A driver failure the caller can act on by its code. */
export class DriverError extends Error {
  readonly code: DriverErrorCode;
  /**
   * The console host's file that says more (the local agent's log): kept out of the message,
   * which members read as an instance's failure; the server's log shows it (lib/log-safety.ts).
   */
  readonly logFile?: string;
  constructor(code: DriverErrorCode, message: string, hostDetail?: { logFile: string }) {
    super(message);
    this.name = 'DriverError';
    this.code = code;
    if (hostDetail) this.logFile = hostDetail.logFile;
  }
}

/** A disk only grows, in whole GB, up to the largest the catalogue offers: any driver's rule for `resizeDisk`. */
export function assertDiskCanGrow(currentGb: number, requestedGb: number): void {
  if (!Number.isInteger(requestedGb) || requestedGb < currentGb || requestedGb > DISK_MAX_GB) {
    throw new DriverError('invalid', `The disk can only grow, from ${currentGb} GB up to ${DISK_MAX_GB} GB`);
  }
}
