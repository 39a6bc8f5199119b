import type { IncomingMessage } from 'node:http';
import { ADMIN_CALLS, type AgentCall, type AnswerOf, type BodyOf } from '@replay/agent-protocol';
import { saveConfig } from './config.ts';
import { backupDataDir, removeOlderThan } from './data.ts';
import { HttpError, bearerToken, readJson, sendJson } from './http.ts';
import type { AgentState, Handler } from './state.ts';
import { verifyConsoleToken } from './tokens.ts';

const MAX_ADMIN_BODY = 64 * 1024;

/** The console's calls (admin and stats): a short-lived admin token signed with the instance's shared secret, else 401. */
function requireAdmin(req: IncomingMessage, state: AgentState): void {
  const token = bearerToken(req);
  const { secret, instanceId } = state.settings;
  if (!token || !verifyConsoleToken(token, secret, { scope: 'admin', aud: instanceId, nowMs: state.now() })) {
    throw new HttpError(401, 'A valid admin token is required');
  }
}

/**
 * One of the protocol's admin calls: the admin token first, then the body
 * checked against the call's schema (400 with the first reason), then the answer.
 */
function adminRoute<C extends AgentCall>(call: C, answer: (body: BodyOf<C>, state: AgentState) => Promise<AnswerOf<C>> | AnswerOf<C>): Record<string, Handler> {
  const handler: Handler = async (req, res, _url, state) => {
    requireAdmin(req, state);
    let body: unknown;
    if (call.body) {
      const parsed = call.body.safeParse(await readJson(req, MAX_ADMIN_BODY));
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid body');
      body = parsed.data;
    }
    sendJson(res, 200, await answer(body as BodyOf<C>, state));
  };
  return { [`${call.method} ${call.path}`]: handler };
}

export const adminRoutes: Record<string, Handler> = {
  ...adminRoute(ADMIN_CALLS.stats, (_body, state) => state.stats.read()),
  ...adminRoute(ADMIN_CALLS.readConfig, (_body, state) => state.config),
  ...adminRoute(ADMIN_CALLS.applyConfig, async (change, state) => {
    const retentionChanged = change.retentionDays !== undefined && change.retentionDays !== state.config.retentionDays;
    const next = { ...state.config, ...change, updatedAt: state.now() };
    saveConfig(state.settings.dataDir, next);
    state.config = next;
    // A shorter retention applies at once, not at the next hourly sweep.
    if (retentionChanged) await state.applyRetention();
    return state.config;
  }),
  ...adminRoute(ADMIN_CALLS.cleanup, async ({ days }, state) => {
    const result = await removeOlderThan(state.settings.dataDir, days, state.now());
    await state.disk.refresh();
    return result;
  }),
  ...adminRoute(ADMIN_CALLS.backup, (_body, state) => backupDataDir(state.settings.dataDir, state.now())),
  ...adminRoute(ADMIN_CALLS.resizeDisk, ({ diskGb }, state) => {
    // A disk grows online, as a cloud volume does; the driver passes the new size on every later start too.
    state.disk.setDiskGb(diskGb);
    return { diskGb };
  }),
};
