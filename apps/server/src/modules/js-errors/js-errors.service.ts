import type { SourceMapInfo as AgentSourceMapInfo } from '@replay/agent-protocol';
import { INSTANCE_MESSAGES, JS_ERROR_MESSAGES, isJsErrorId, type JsErrorDetail, type SourceMapBody, type SourceMapInfo } from '@replay/contracts';
import type { Db } from '../../db/client';
import { DriverError, type InfrastructureDriver } from '../../infra/driver';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import type { InstancesService } from '../instances/core/instances.service';
import { siteOfInstance, type SiteOfInstance } from '../projects/projects.facts';
import { jsErrorsRepo } from './js-errors.repo';

export interface JsErrorsDeps {
  db: Db;
  driver: Pick<InfrastructureDriver, 'errors' | 'error' | 'uploadSourceMap' | 'sourceMaps' | 'deleteSourceMap'>;
  /** The one scope rule (404 for another account's id or one outside the caller's role). */
  instances: Pick<InstancesService, 'load'>;
}

const mapInfo = ({ id, release, fileUrl, bytes, uploadedAt }: AgentSourceMapInfo): SourceMapInfo => ({ id, release, fileUrl, bytes, uploadedAt });

/** The instance answers only while it runs: 409 otherwise; its refusal of a map (400) is the console's 400. */
async function fromAgent<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (e) {
    if (e instanceof DriverError && (e.code === 'not-running' || e.code === 'not-found')) throw conflict(INSTANCE_MESSAGES.notRunning);
    if (e instanceof DriverError && e.code === 'invalid') throw badRequest(e.message);
    throw e;
  }
}

/** The projects whose errors and maps the agent gives for a site: the default project's are also those of the account's key (null). */
const errorProjectsOf = (site: SiteOfInstance): (string | null)[] => (site.isDefault ? [site.id, null] : [site.id]);

/**
 * A project's JavaScript errors and the source maps that resolve their frames, both kept by its
 * instance's agent and read through the driver: the agent resolves the frames (its one resolver,
 * apps/agent/src/source-maps/), so the console keeps no map. Maps the console kept before are
 * handed to the instance at the project's next errors or maps call, then removed here.
 */
export function createJsErrorsService(deps: JsErrorsDeps) {
  /** The instance first (its 404; its 409 when not running), then the project of it the call is about (its own 404), its old maps handed over. */
  const running = async (p: Principal, instanceId: string, siteId: string | undefined) => {
    const instance = await deps.instances.load(p, instanceId);
    if (instance.status !== 'running') throw conflict(INSTANCE_MESSAGES.notRunning);
    const site = await siteOfInstance(deps.db, p, instanceId, siteId);
    await handOverKeptMaps(p, instanceId, site);
    return site;
  };

  /** Idempotent: a map is removed here only once the instance answered that it holds it (a repeat replaces it there). */
  async function handOverKeptMaps(p: Principal, instanceId: string, site: SiteOfInstance): Promise<void> {
    const repo = jsErrorsRepo(deps.db);
    for (const kept of await repo.keptMaps(p.tenantId, site.id)) {
      try {
        await fromAgent(() => deps.driver.uploadSourceMap(instanceId, { projectId: site.id, release: kept.release, fileUrl: kept.fileUrl, map: kept.map, uploadedAt: kept.uploadedAt.getTime() }));
      } catch (e) {
        // One the instance refuses as no map (the console's own check was the same) would be refused forever: dropped.
        if (!(e instanceof AppError && e.status === 400)) throw e;
      }
      await repo.remove(p.tenantId, site.id, kept.id);
    }
  }

  return {
    async list(p: Principal, instanceId: string, query: { page: number; limit: number; siteId?: string }) {
      const site = await running(p, instanceId, query.siteId);
      const { groups, total } = await fromAgent(() => deps.driver.errors(instanceId, query.page, query.limit, errorProjectsOf(site)));
      return { errors: groups, total };
    },

    /** The group's latest occurrence, each frame as the instance resolved it through its source maps. */
    async read(p: Principal, instanceId: string, errorId: string, siteId: string | undefined): Promise<JsErrorDetail> {
      const site = await running(p, instanceId, siteId);
      const detail = isJsErrorId(errorId) ? await fromAgent(() => deps.driver.error(instanceId, errorId, errorProjectsOf(site))) : null;
      if (!detail) throw notFound(JS_ERROR_MESSAGES.notFound);
      const { latest } = detail;
      const frames = latest.frames.map((f) => ({ file: f.file, function: f.function, line: f.line, column: f.column, original: f.original ?? null }));
      return {
        error: detail.group,
        sessionId: latest.sessionId,
        url: latest.url,
        release: latest.release,
        at: latest.at,
        stack: latest.stack,
        frames,
        sourceMapped: frames.some((f) => f.original !== null),
      };
    },

    /** A source map v3 for one file of one release, kept by the instance; anything else is refused with 400 and stored nowhere. */
    async uploadMap(p: Principal, instanceId: string, siteId: string | undefined, body: SourceMapBody): Promise<SourceMapInfo> {
      const site = await running(p, instanceId, siteId);
      return mapInfo(await fromAgent(() => deps.driver.uploadSourceMap(instanceId, { projectId: site.id, release: body.release, fileUrl: body.fileUrl, map: body.map })));
    },

    async listMaps(p: Principal, instanceId: string, siteId: string | undefined): Promise<{ sourceMaps: SourceMapInfo[] }> {
      const site = await running(p, instanceId, siteId);
      const { sourceMaps } = await fromAgent(() => deps.driver.sourceMaps(instanceId, errorProjectsOf(site)));
      return { sourceMaps: sourceMaps.map(mapInfo) };
    },

    /** Another project's, instance's or account's map is not found, as the instance itself would be. */
    async removeMap(p: Principal, instanceId: string, siteId: string | undefined, mapId: string): Promise<{ ok: true }> {
      const site = await running(p, instanceId, siteId);
      const { removed } = await fromAgent(() => deps.driver.deleteSourceMap(instanceId, mapId, errorProjectsOf(site)));
      if (!removed) throw notFound(JS_ERROR_MESSAGES.sourceMapNotFound);
      return { ok: true };
    },
  };
}

export type JsErrorsService = ReturnType<typeof createJsErrorsService>;
