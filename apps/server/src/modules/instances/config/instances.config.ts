import { INGEST_CORS } from '@replay/agent-protocol/plain';
import {
  CORS_ANNOTATIONS,
  CORS_MESSAGES,
  INSTANCE_MESSAGES,
  annotationOfOrigins,
  normalizedOrigins,
  originOf,
  originsOfAnnotation,
  RETENTION_MESSAGES,
  retentionLabel,
  type AccountRetention,
  type CorsAnnotations,
  type CorsCheck,
  type InstanceConfig,
  type Retention,
  type RetentionDays,
  type RetentionRead,
  RETENTION_READ_DAYS,
  type SsoConfig,
  type Statistics,
} from '@replay/contracts';
import type { Database } from '../../../db/client';
import { DriverError, type InfrastructureDriver } from '../../../infra/driver';
import type { VersionRegistry } from '../../../infra/versions';
import { AppError, badRequest, conflict, forbidden } from '../../../lib/errors';
import { instanceScopeOf } from '../../../lib/instance-scope';
import type { Principal } from '../../../lib/principal';
import { msOrNull, type Clock } from '../../../lib/time';
import { configRepo } from './instances.config-repo';
import { claimWithRecord } from '../core/instances.accept-change.door';
import type { Enqueue } from '../workflow/instances.jobs';
import type { InstanceRow } from '../core/instances.repo';
import type { InstancesService } from '../core/instances.service';

export interface ConfigDeps {
  database: Database;
  driver: Pick<InfrastructureDriver, 'corsPreflight' | 'cleanupPreview'>;
  clock: Clock;
  enqueue: Enqueue;
  /** The one scope rule (404 for another account's id or one outside the caller's role). */
  instances: Pick<InstancesService, 'load'>;
  /** The other sections of the spec's instance config, read as their own calls read them. */
  sso: { read(p: Principal, instanceId: string): Promise<SsoConfig> };
  statistics(p: Principal, instanceId: string): Promise<Statistics>;
  versions: Pick<VersionRegistry, 'commitOf'>;
}

/** The product's part of the annotations (spec section 9), which a save must leave as they are. */
const FIXED_ANNOTATIONS = [
  [CORS_ANNOTATIONS.allowMethods, INGEST_CORS.allowMethods],
  [CORS_ANNOTATIONS.allowHeaders, INGEST_CORS.allowHeaders],
  [CORS_ANNOTATIONS.exposeHeaders, INGEST_CORS.exposeHeaders],
] as const;

function annotationsOf(origins: readonly string[]): Record<string, string> {
  return { [CORS_ANNOTATIONS.enable]: 'true', [CORS_ANNOTATIONS.allowOrigin]: annotationOfOrigins(origins), ...Object.fromEntries(FIXED_ANNOTATIONS) };
}

function retentionToWire(row: InstanceRow): Retention {
  return { days: row.retentionDays, pending: row.retentionVersion !== row.retentionAppliedVersion, updatedAt: msOrNull(row.retentionUpdatedAt) };
}

/** The console's own part of the instance config (CORS and the retention); `read` adds the other sections. */
function corsAndDiskOf(row: InstanceRow) {
  return {
    ingressAnnotations: annotationsOf(row.corsOrigins),
    corsOrigins: row.corsOrigins,
    pending: row.corsVersion !== row.corsAppliedVersion,
    updatedAt: msOrNull(row.corsUpdatedAt),
    disk: retentionToWire(row),
  };
}

/** What a tracker's browser would do with the instance's preflight answer, in words. */
function verdict(origin: string, answer: { status: number; allowOrigin: string | null; allowMethods: string | null }): Omit<CorsCheck, 'origin' | 'status'> {
  if (answer.status >= 200 && answer.status < 300 && answer.allowOrigin === origin && answer.allowMethods?.split(/,\s*/).includes(INGEST_CORS.allowMethods)) {
    return { allowed: true, reason: `Allowed: the instance answers the preflight with Access-Control-Allow-Origin: ${origin}, so a tracker on this site can send recordings.` };
  }
  if (answer.allowOrigin === null) {
    return {
      allowed: false,
      reason: `Refused: ${origin} is not among the allowed origins, so the instance does not answer it with Access-Control-Allow-Origin and the browser blocks the tracker's requests.`,
    };
  }
  return { allowed: false, reason: `Refused: the instance answered ${answer.status} with Access-Control-Allow-Origin: ${answer.allowOrigin}, which the browser does not accept for ${origin}.` };
}

/** What the recordings of the last 10 days take, asked of the running instance (null while it does not run or answer). */
async function recentUsage(deps: ConfigDeps, row: InstanceRow): Promise<RetentionRead['recent']> {
  const none: RetentionRead['recent'] = { days: RETENTION_READ_DAYS, bytes: null, measuredAt: null };
  if (row.status !== 'running') return none;
  const preview = await deps.driver.cleanupPreview(row.instanceId, [RETENTION_READ_DAYS]).catch(() => null);
  const older = preview?.ages.find((a) => a.days === RETENTION_READ_DAYS);
  if (!preview || preview.recordedBytes === undefined || !older) return none;
  return { days: RETENTION_READ_DAYS, bytes: preview.recordedBytes - older.bytes, measuredAt: deps.clock.now().getTime() };
}

/** The instance's configuration: the CORS tab (read, save, check an origin) and the data retention, each saved through the workflow's config step. */
export function createConfigService(deps: ConfigDeps) {
  /**
   * Saves the data retention (spec: `…/config-disk-usage {days}`, null for Unlimited) with the
   * member's pending `retentionUpdate` record in one compare-and-set; the workflow's config step
   * then applies it to the agent, which removes at once what is older.
   */
  async function saveRetention(p: Principal, instanceId: string, days: RetentionDays): Promise<Retention> {
    const row = await deps.instances.load(p, instanceId);
    if (row.status === 'terminated') throw conflict(INSTANCE_MESSAGES.terminated);
    const at = deps.clock.now();
    const saved = await claimWithRecord(deps.database.db, p, at, (tx) => configRepo(tx).saveRetention(p, row, days, at), {
      action: 'retentionUpdate',
      status: 'pending',
      comments: `Data retention set to ${retentionLabel(days)}`,
      event: { type: 'instance.retention_changing', days },
    });
    if (!saved) throw conflict(INSTANCE_MESSAGES.busy);
    await deps.enqueue(instanceId);
    return retentionToWire(saved);
  }

  /** The whole instance config (spec section 3): the sections are read side by side, each as its own call reads it. */
  async function read(p: Principal, instanceId: string): Promise<InstanceConfig> {
    const row = await deps.instances.load(p, instanceId);
    const [sso, statistics] = await Promise.all([deps.sso.read(p, instanceId), deps.statistics(p, instanceId)]);
    return { ...corsAndDiskOf(row), sso, statistics, currentVersion: { version: row.version, commit: deps.versions.commitOf(row.version) } };
  }

  return {
    read,

    /**
     * Saves the allowed origins (spec: action and ingress annotations) with the member's pending
     * `cors` record in one compare-and-set; the workflow's config step then applies them to the
     * agent (instances.config-step.ts), on a stopped instance once it runs again.
     */
    async saveCors(p: Principal, instanceId: string, annotations: CorsAnnotations): Promise<InstanceConfig> {
      for (const [name, value] of FIXED_ANNOTATIONS) {
        if (annotations[name].trim() !== value) throw badRequest(CORS_MESSAGES.fixedRule(name, value));
      }
      const row = await deps.instances.load(p, instanceId);
      if (row.status === 'terminated') throw conflict(INSTANCE_MESSAGES.terminated);
      const origins = normalizedOrigins(originsOfAnnotation(annotations[CORS_ANNOTATIONS.allowOrigin]));
      const at = deps.clock.now();
      const saved = await claimWithRecord(deps.database.db, p, at, (tx) => configRepo(tx).saveCors(p, row, origins, at), {
        action: 'cors',
        status: 'pending',
        comments: origins.length ? `Allowed origins: ${origins.join(', ')}` : 'Allowed origins: any',
        event: { type: 'instance.cors_changing', origins },
      });
      if (!saved) throw conflict(INSTANCE_MESSAGES.busy);
      await deps.enqueue(instanceId);
      return read(p, instanceId);
    },

    /** GET …/config-disk-usage: the retention, and (the spec's read fixed at 10 days) what the last 10 days of recordings take. */
    async readRetention(p: Principal, instanceId: string): Promise<RetentionRead> {
      const row = await deps.instances.load(p, instanceId);
      return { ...retentionToWire(row), recent: await recentUsage(deps, row) };
    },

    saveRetention,

    /**
     * One retention for every instance of the account (spec: `POST /managed-saas/config-disk-usage`),
     * each saved exactly as its own call would save it (its record, event and workflow run). Only a
     * member whose role reaches every instance: the change is the account's. An instance busy with
     * another change (or terminated meanwhile) is left as it was and named in the answer.
     */
    async saveRetentionForAccount(p: Principal, days: RetentionDays): Promise<AccountRetention> {
      if (instanceScopeOf(p).ids !== null) throw forbidden(RETENTION_MESSAGES.accountScope);
      const applied: AccountRetention['applied'] = [];
      const busy: AccountRetention['busy'] = [];
      for (const instance of await configRepo(deps.database.db).configurableOf(p.tenantId)) {
        try {
          await saveRetention(p, instance.instanceId, days);
          applied.push(instance);
        } catch (e) {
          if (!(e instanceof AppError) || e.code !== 'conflict') throw e;
          busy.push(instance);
        }
      }
      return { days, applied, busy };
    },

    /** Asks the running instance the preflight a browser would send for a tracker on `origin`. */
    async check(p: Principal, instanceId: string, origin: string): Promise<CorsCheck> {
      const row = await deps.instances.load(p, instanceId);
      if (row.status !== 'running') throw conflict(INSTANCE_MESSAGES.notRunning);
      const asked = originOf(origin) ?? origin;
      try {
        const answer = await deps.driver.corsPreflight(instanceId, asked);
        return { origin: asked, status: answer.status, ...verdict(asked, answer) };
      } catch (e) {
        if (e instanceof DriverError && (e.code === 'not-running' || e.code === 'not-found')) throw conflict(INSTANCE_MESSAGES.notRunning);
        throw e;
      }
    },
  };
}

export type ConfigService = ReturnType<typeof createConfigService>;
