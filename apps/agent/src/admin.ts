import type { IncomingMessage } from 'node:http';
import type { ADMIN_CALLS, AgentCall, AnswerOf, BodyOf } from '@replay/agent-protocol';
import { ADMIN_ROUTES, SOURCE_MAP_MAX_BYTES, type AdminCallName } from '@replay/agent-protocol/plain';
import { saveConfig } from './config.ts';
import { backupDataDir, deleteBackup, restoreSessions } from './backups.ts';
import { cleanupPreview, removeOlderThan } from './data.ts';
import { HttpError, bearerToken, readJson, sendJson } from './http.ts';
import { protocolSchemas } from './protocol.ts';
import { readSsoStatus } from './sso-store.ts';
import { countErrors, listErrors, readError } from './errors.ts';
import { acceptSourceMap } from './source-maps/routes.ts';
import { listSourceMaps, pruneSourceMaps, removeSourceMap } from './source-maps/store.ts';
import { countSessions } from './storage/query/list.ts';
import type { AgentState, Handler } from './state.ts';
import { verifyConsoleToken } from './tokens.ts';

const MAX_ADMIN_BODY = 64 * 1024;
/** A source map's text escaped inside JSON may take up to twice its bytes (quotes and backslashes). */
const MAX_SOURCE_MAP_CALL_BODY = 2 * SOURCE_MAP_MAX_BYTES + MAX_ADMIN_BODY;

type AdminCalls = typeof ADMIN_CALLS;

/** The console's calls (admin and stats): a short-lived admin token signed with the instance's shared secret, else 401. */
async function requireAdmin(req: IncomingMessage, state: AgentState): Promise<void> {
  const token = bearerToken(req);
  const { secret, instanceId } = state.settings;
  if (!token || !(await verifyConsoleToken(token, secret, { scope: 'admin', aud: instanceId, nowMs: state.now() }))) {
    throw new HttpError(401, 'A valid admin token is required');
  }
}

/**
 * One of the protocol's admin calls, mounted at its route: the admin token
 * first, then the body checked against the call's schema (400 with the first
 * reason), then the answer.
 */
function adminRoute<Name extends AdminCallName>(
  name: Name,
  answer: (body: BodyOf<AdminCalls[Name]>, state: AgentState) => Promise<AnswerOf<AdminCalls[Name]>> | AnswerOf<AdminCalls[Name]>,
  maxBody = MAX_ADMIN_BODY,
): Record<string, Handler> {
  const { method, path } = ADMIN_ROUTES[name];
  const handler: Handler = async (req, res, _url, state) => {
    await requireAdmin(req, state);
    const call: AgentCall = (await protocolSchemas()).ADMIN_CALLS[name];
    let body: unknown;
    if (call.body) {
      const parsed = call.body.safeParse(await readJson(req, maxBody));
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid body');
      body = parsed.data;
    }
    sendJson(res, 200, await answer(body as BodyOf<AdminCalls[Name]>, state));
  };
  return { [`${method} ${path}`]: handler };
}

export const adminRoutes: Record<string, Handler> = {
  ...adminRoute('stats', (_body, state) => ({ ...state.stats.read(), capture: state.capture.read(), logger: state.logger.read() })),
  ...adminRoute('readConfig', (_body, state) => state.config),
  ...adminRoute('applyConfig', async (change, state) => {
    const retentionChanged = change.retentionDays !== undefined && change.retentionDays !== state.config.retentionDays;
    const next = { ...state.config, ...change, updatedAt: state.now() };
    saveConfig(state.settings.dataDir, next);
    state.config = next;
    // A project gone from the key set (deleted in the console) takes its source maps with it.
    if (change.projectKeys !== undefined) pruneSourceMaps(state.settings.dataDir, new Set(change.projectKeys.map((k) => k.projectId)));
    // A shorter retention applies at once, not at the next hourly sweep.
    if (retentionChanged) await state.applyRetention();
    return state.config;
  }),
  ...adminRoute('cleanup', async ({ days }, state) => {
    const result = await removeOlderThan(state.settings.dataDir, state.storage, days, state.now());
    await state.disk.refresh();
    return result;
  }),
  ...adminRoute('cleanupPreview', async ({ ages }, state) => ({
    ...(await cleanupPreview(state.settings.dataDir, state.storage, ages, state.now())),
    usedBytes: state.disk.usedBytes,
    totalBytes: state.disk.totalBytes,
  })),
  ...adminRoute('backup', ({ name }, state) => backupDataDir(state.settings.dataDir, state.storage, state.now(), name)),
  ...adminRoute('restore', async ({ name, restoreId }, state) => {
    const result = await restoreSessions(state.settings.dataDir, state.storage, name, restoreId, state.now());
    await state.disk.refresh();
    return result;
  }),
  ...adminRoute('deleteBackup', ({ name }, state) => deleteBackup(state.settings.dataDir, name)),
  ...adminRoute('resizeDisk', ({ diskGb }, state) => {
    // A disk grows online, as a cloud volume does; the driver passes the new size on every later start too.
    state.disk.setDiskGb(diskGb);
    return { diskGb };
  }),
  // The last passed 'Test sign-in' (sso.ts records it), read from disk so that it survives restarts.
  ...adminRoute('ssoStatus', (_body, state) => readSsoStatus(state.settings.dataDir)),
  ...adminRoute('errors', ({ page, limit, projectIds }, state) => listErrors(state.settings.dataDir, page, limit, projectIds)),
  ...adminRoute('error', ({ errorId, projectIds }, state) => readError(state.settings.dataDir, errorId, projectIds)),
  ...adminRoute('uploadSourceMap', ({ map, uploadedAt, ...target }, state) => acceptSourceMap(state, target, map, uploadedAt), MAX_SOURCE_MAP_CALL_BODY),
  ...adminRoute('sourceMaps', ({ projectIds }, state) => ({ sourceMaps: listSourceMaps(state.settings.dataDir, projectIds) })),
  ...adminRoute('deleteSourceMap', ({ id, projectIds }, state) => ({ removed: removeSourceMap(state.settings.dataDir, id, projectIds) })),
  ...adminRoute('accessCheck', ({ address }, state) => state.access.check(state.config.accessList ?? [], address)),
  ...adminRoute('activity', ({ from, to }, state) => ({ from, to, ...countSessions(state.storage.db, from, to), errors: countErrors(state.settings.dataDir, from, to) })),
};
