import {
  ADMIN_CALLS,
  type AccessCheckResult,
  BACKUP_NAME_PATTERN,
  type ErrorDetail,
  type ErrorList,
  type ErrorProjects,
  type SourceMapInfo,
  type SourceMapUpload,
  type SsoStatus,
  type Activity,
} from '@replay/agent-protocol';
import { keyedSerial } from '../lib/concurrency';
import { callAgent, checkHealth, loginUrl, preflight, unhealthy, type AgentAddress } from './agent-client';
import {
  DriverError,
  type BackupInfo,
  type CleanupInfo,
  type CleanupPreviewInfo,
  type CorsPreflight,
  type InstanceConfig,
  type InstanceConfigChange,
  type InstanceHealth,
  type InstanceStats,
  type InstanceUser,
  type RestoreInfo,
} from './driver';

/** Where an instance's agent is reached, and the URL its users open. */
export interface AgentLocation {
  agent: AgentAddress;
  instanceUrl: string;
}

/**
 * What a driver asks of an instance's agent (packages/agent-protocol, sent by
 * agent-client.ts): config, errors, backups, cleanup, stats, health and the
 * login URL. Every driver runs the same agent, so these calls and their rules
 * (not running is `not-running`, a backup name of the agent's shape only, one
 * operation at a time per instance) live here once; a driver says only where
 * an instance's agent is and whether it runs.
 */
export abstract class AgentDriver {
  /** One operation at a time per key: per instance (a stop must not interleave with a restart), and whatever else a driver keys by (the local driver's port picks). */
  protected readonly serial = keyedSerial();

  /** The agent of a running instance; null when the instance exists but does not run; a not-found error when it does not exist. */
  protected abstract runningAgent(instanceId: string): Promise<AgentAddress | null>;

  /** Where the instance's agent is, running or not; null when the instance does not exist. */
  protected abstract locate(instanceId: string): Promise<AgentLocation | null>;

  /** After the agent took a config change: what else the driver keeps in line with it (nothing, unless overridden). */
  protected async configApplied(_instanceId: string, _change: InstanceConfigChange, _config: InstanceConfig): Promise<void> {}

  /** Removes a backup whose name passed the agent's rule: the agent removes it from its volume, unless a driver reaches the disk itself. */
  protected async removeBackup(instanceId: string, name: string): Promise<void> {
    await callAgent(await this.running(instanceId), ADMIN_CALLS.deleteBackup, { name });
  }

  /** When where an instance is could not be read at all: the error stands, unless a driver answers it as unhealthy. */
  protected healthUnread(error: unknown, _checkedAt: number): InstanceHealth {
    throw error;
  }

  /** What of a configuration change the agent itself holds: all of it, unless a driver's network holds a part. */
  protected agentChangeOf(change: InstanceConfigChange): InstanceConfigChange {
    return change;
  }

  /** The address of a running instance, else a not-running error: config, backups and cleanup live in the agent. */
  private async running(instanceId: string): Promise<AgentAddress> {
    const agent = await this.runningAgent(instanceId);
    if (!agent) throw new DriverError('not-running', `Instance ${instanceId} is not running`);
    return agent;
  }

  applyConfig(instanceId: string, change: InstanceConfigChange): Promise<InstanceConfig> {
    return this.serial(instanceId, async () => {
      const config = await callAgent(await this.running(instanceId), ADMIN_CALLS.applyConfig, this.agentChangeOf(change));
      await this.configApplied(instanceId, change, config);
      return config;
    });
  }

  async readConfig(instanceId: string): Promise<InstanceConfig> {
    return callAgent(await this.running(instanceId), ADMIN_CALLS.readConfig);
  }

  async corsPreflight(instanceId: string, origin: string): Promise<CorsPreflight> {
    return preflight(await this.running(instanceId), origin);
  }

  async accessCheck(instanceId: string, address: string): Promise<AccessCheckResult> {
    return callAgent(await this.running(instanceId), ADMIN_CALLS.accessCheck, { address });
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

  async uploadSourceMap(instanceId: string, upload: SourceMapUpload): Promise<SourceMapInfo> {
    return callAgent(await this.running(instanceId), ADMIN_CALLS.uploadSourceMap, upload);
  }

  async sourceMaps(instanceId: string, projectIds?: ErrorProjects): Promise<{ sourceMaps: SourceMapInfo[] }> {
    return callAgent(await this.running(instanceId), ADMIN_CALLS.sourceMaps, { projectIds });
  }

  async deleteSourceMap(instanceId: string, id: string, projectIds?: ErrorProjects): Promise<{ removed: boolean }> {
    return callAgent(await this.running(instanceId), ADMIN_CALLS.deleteSourceMap, { id, projectIds });
  }

  async activity(instanceId: string, from: number, to: number): Promise<Activity> {
    return callAgent(await this.running(instanceId), ADMIN_CALLS.activity, { from, to });
  }

  backup(instanceId: string, name: string): Promise<BackupInfo> {
    return this.serial(instanceId, async () => callAgent(await this.running(instanceId), ADMIN_CALLS.backup, { name }));
  }

  restoreData(instanceId: string, name: string, restoreId: string): Promise<RestoreInfo> {
    return this.serial(instanceId, async () => callAgent(await this.running(instanceId), ADMIN_CALLS.restore, { name, restoreId }));
  }

  deleteBackup(instanceId: string, name: string): Promise<void> {
    // The agent's own rule for a name: no path of any other shape reaches a removal.
    if (!BACKUP_NAME_PATTERN.test(name)) return Promise.reject(new DriverError('invalid', `Invalid backup name: ${name}`));
    return this.serial(instanceId, () => this.removeBackup(instanceId, name));
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
    let location: AgentLocation | null;
    try {
      location = await this.locate(instanceId);
    } catch (e) {
      return this.healthUnread(e, checkedAt);
    }
    if (!location) return unhealthy('Instance not found', checkedAt);
    const { body: _body, ...health } = await checkHealth(location.agent);
    return health;
  }

  async loginUrl(instanceId: string, user: InstanceUser): Promise<string> {
    const location = await this.locate(instanceId);
    if (!location) throw new DriverError('not-found', `Instance ${instanceId} does not exist`);
    return loginUrl(location.agent, location.instanceUrl, user);
  }
}
