import { INSTANCE_MESSAGES, JS_ERROR_MESSAGES, isJsErrorId, type JsErrorDetail, type SourceMapBody, type SourceMapInfo, type StackFrame } from '@replay/contracts';
import type { Db } from '../../db/client';
import { DriverError, type InfrastructureDriver } from '../../infra/driver';
import type { Clock } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import type { InstancesService } from '../instances/instances.service';
import { siteOfInstance, type SiteOfInstance } from '../projects/projects.facts';
import { jsErrorsRepo } from './js-errors.repo';
import { parseSourceMap, resolveFrame } from './source-map';

export interface JsErrorsDeps {
  db: Db;
  clock: Clock;
  driver: Pick<InfrastructureDriver, 'errors' | 'error'>;
  /** The one scope rule (404 for another account's id or one outside the caller's role). */
  instances: Pick<InstancesService, 'load'>;
}

const mapInfo = (row: { id: string; release: string; fileUrl: string; bytes: number; uploadedAt: Date }): SourceMapInfo => ({
  id: row.id,
  release: row.release,
  fileUrl: row.fileUrl,
  bytes: row.bytes,
  uploadedAt: row.uploadedAt.getTime(),
});

/** The instance answers only while it runs: 409 otherwise, as for the origin check. */
async function fromAgent<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (e) {
    if (e instanceof DriverError && (e.code === 'not-running' || e.code === 'not-found')) throw conflict(INSTANCE_MESSAGES.notRunning);
    throw e;
  }
}

/** The projects whose errors the agent gives for a site: the default project's are also those sent with the account's key (null). */
const errorProjectsOf = (site: SiteOfInstance): (string | null)[] => (site.isDefault ? [site.id, null] : [site.id]);

/**
 * A project's JavaScript errors (kept by its instance's agent, each under the project whose key
 * sent it, read through the driver) and the source maps that resolve their frames (kept here,
 * per project, release and file URL): another project's errors and maps are not this one's.
 */
export function createJsErrorsService(deps: JsErrorsDeps) {
  /** The instance first (its 404; for errors, its 409 when not running), then the project of it the call is about (its own 404). */
  const siteOf = async (p: Principal, instanceId: string, siteId: string | undefined) => {
    await deps.instances.load(p, instanceId);
    return siteOfInstance(deps.db, p, instanceId, siteId);
  };
  const running = async (p: Principal, instanceId: string, siteId: string | undefined) => {
    const instance = await deps.instances.load(p, instanceId);
    if (instance.status !== 'running') throw conflict(INSTANCE_MESSAGES.notRunning);
    return siteOfInstance(deps.db, p, instanceId, siteId);
  };

  return {
    async list(p: Principal, instanceId: string, query: { page: number; limit: number; siteId?: string }) {
      const site = await running(p, instanceId, query.siteId);
      const { groups, total } = await fromAgent(() => deps.driver.errors(instanceId, query.page, query.limit, errorProjectsOf(site)));
      return { errors: groups, total };
    },

    /** The group's latest occurrence, each frame resolved through the map of its file (parsed once per file). */
    async read(p: Principal, instanceId: string, errorId: string, siteId: string | undefined): Promise<JsErrorDetail> {
      const site = await running(p, instanceId, siteId);
      const detail = isJsErrorId(errorId) ? await fromAgent(() => deps.driver.error(instanceId, errorId, errorProjectsOf(site))) : null;
      if (!detail) throw notFound(JS_ERROR_MESSAGES.notFound);
      const { latest } = detail;
      const repo = jsErrorsRepo(deps.db);
      const maps = new Map<string, ReturnType<typeof parseSourceMap>>();
      const frames: StackFrame[] = [];
      for (const frame of latest.frames) {
        if (!maps.has(frame.file)) {
          const text = await repo.mapFor(p.tenantId, site.id, frame.file, latest.release);
          maps.set(frame.file, text === null ? null : parseSourceMap(text));
        }
        const map = maps.get(frame.file) ?? null;
        frames.push({ ...frame, original: map ? resolveFrame(map, frame) : null });
      }
      return { error: detail.group, sessionId: latest.sessionId, url: latest.url, release: latest.release, at: latest.at, stack: latest.stack, frames, sourceMapped: frames.some((f) => f.original !== null) };
    },

    /** A source map v3 for one file of one release; anything else is refused with 400 and stored nowhere. */
    async uploadMap(p: Principal, instanceId: string, siteId: string | undefined, body: SourceMapBody): Promise<SourceMapInfo> {
      const site = await siteOf(p, instanceId, siteId);
      if (!parseSourceMap(body.map)) throw badRequest(JS_ERROR_MESSAGES.notSourceMap);
      const row = await jsErrorsRepo(deps.db).saveMap({ tenantId: p.tenantId, instanceId, projectId: site.id, release: body.release, fileUrl: body.fileUrl, map: body.map, userId: p.userId, at: deps.clock.now() });
      return mapInfo(row);
    },

    async listMaps(p: Principal, instanceId: string, siteId: string | undefined): Promise<{ sourceMaps: SourceMapInfo[] }> {
      const site = await siteOf(p, instanceId, siteId);
      return { sourceMaps: (await jsErrorsRepo(deps.db).list(p.tenantId, site.id)).map(mapInfo) };
    },

    /** Another project's, instance's or account's map is not found, as the instance itself would be. */
    async removeMap(p: Principal, instanceId: string, siteId: string | undefined, mapId: string): Promise<{ ok: true }> {
      const site = await siteOf(p, instanceId, siteId);
      if (!(await jsErrorsRepo(deps.db).remove(p.tenantId, site.id, mapId))) throw notFound(JS_ERROR_MESSAGES.sourceMapNotFound);
      return { ok: true };
    },
  };
}

export type JsErrorsService = ReturnType<typeof createJsErrorsService>;
