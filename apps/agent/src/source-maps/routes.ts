import type { IncomingMessage } from 'node:http';
import type { SourceMapInfo, SourceMapTarget } from '@replay/agent-protocol';
import { SOURCE_MAPS_PATH, SOURCE_MAP_MAX_BYTES } from '@replay/agent-protocol/plain';
import { JS_ERROR_MESSAGES } from '@replay/contracts/js-error-messages';
import { HttpError, bearerToken, readBody, sendJson } from '../http.ts';
import { protocolSchemas } from '../protocol.ts';
import { signedInUser } from '../sessions.ts';
import type { AgentState, Handler } from '../state.ts';
import { verifyConsoleToken } from '../tokens.ts';
import { sourceMapResolver } from './load.ts';
import { listSourceMaps, saveSourceMap } from './store.ts';

/**
 * The instance's own source-map API, for people signed in to it (its cookie) and for the console's
 * short-lived admin token; never for the project key, which every tracked page carries:
 *   POST SOURCE_MAPS_PATH?release=&fileUrl=[&projectId=]   the map's JSON as the body (201)
 *   GET  SOURCE_MAPS_PATH                                   every project's maps, newest first
 * A body above SOURCE_MAP_MAX_BYTES is refused with 413 before it is held; one that is not a
 * source map v3 with 400; neither stores anything. The console's own uploads arrive by the admin
 * call `uploadSourceMap` (admin.ts), checked here by the same `acceptSourceMap`.
 */

async function requireUploader(req: IncomingMessage, state: AgentState): Promise<void> {
  if (signedInUser(req, state)) return;
  const token = bearerToken(req);
  const { secret, instanceId } = state.settings;
  if (token && (await verifyConsoleToken(token, secret, { scope: 'admin', aud: instanceId, nowMs: state.now() }))) return;
  throw new HttpError(401, 'Sign in to this instance first, or send the console’s admin token');
}

/** Keeps `text` as the map of `target` when it is a source map v3; 400, storing nothing, otherwise. */
export async function acceptSourceMap(state: AgentState, target: SourceMapTarget, text: string, at = state.now()): Promise<SourceMapInfo> {
  const { parseSourceMap } = await sourceMapResolver();
  if (!parseSourceMap(text)) throw new HttpError(400, JS_ERROR_MESSAGES.notSourceMap);
  return saveSourceMap(state.settings.dataDir, state.disk, target, text, at);
}

async function targetOf(params: URLSearchParams): Promise<SourceMapTarget> {
  for (const name of new Set(params.keys())) if (params.getAll(name).length > 1) throw new HttpError(400, `${name} may be given once`);
  const parsed = (await protocolSchemas()).sourceMapTargetSchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Expected release and fileUrl');
  return parsed.data;
}

export const sourceMapRoutes: Record<string, Handler> = {
  [`POST ${SOURCE_MAPS_PATH}`]: async (req, res, url, state) => {
    await requireUploader(req, state);
    // JSON only: a cross-site form cannot send it without a preflight, which this route never allows.
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) throw new HttpError(415, 'Expected Content-Type: application/json (the map itself)');
    if (Number(req.headers['content-length'] ?? 0) > SOURCE_MAP_MAX_BYTES) throw new HttpError(413, `A source map may be at most ${SOURCE_MAP_MAX_BYTES} bytes`);
    const target = await targetOf(url.searchParams);
    if (target.projectId !== null && !(state.config.projectKeys ?? []).some((k) => k.projectId === target.projectId)) {
      throw new HttpError(400, `No project ${target.projectId} on this instance: leave projectId out for the account key's`);
    }
    const text = (await readBody(req, SOURCE_MAP_MAX_BYTES, 'A source map')).toString('utf8');
    sendJson(res, 201, await acceptSourceMap(state, target, text));
  },
  [`GET ${SOURCE_MAPS_PATH}`]: async (req, res, _url, state) => {
    await requireUploader(req, state);
    sendJson(res, 200, { sourceMaps: listSourceMaps(state.settings.dataDir) });
  },
};
