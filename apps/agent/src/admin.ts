import type { IncomingMessage } from 'node:http';
import { isRecord, parseConfigPatch, saveConfig } from './config.ts';
import { backupDataDir, removeOlderThan } from './data.ts';
import { HttpError, bearerToken, readJson, sendJson } from './http.ts';
import type { AgentState, Handler } from './state.ts';
import { verifyToken } from './tokens.ts';

const MAX_ADMIN_BODY = 64 * 1024;

/** The console's calls (admin and stats): a short-lived admin token signed with the instance's shared secret, else 401. */
function requireAdmin(req: IncomingMessage, state: AgentState): void {
  const token = bearerToken(req);
  const { secret, instanceId } = state.settings;
  if (!token || !verifyToken(token, secret, { scope: 'admin', aud: instanceId, nowMs: state.now() })) {
    throw new HttpError(401, 'A valid admin token is required');
  }
}

/** A JSON object holding exactly one whole-number field within bounds. */
async function readWholeNumber(req: IncomingMessage, field: string, min: number, max: number): Promise<number> {
  const body = await readJson(req, MAX_ADMIN_BODY);
  const value = isRecord(body) && Object.keys(body).length === 1 ? body[field] : undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new HttpError(400, `Expected { "${field}": a whole number from ${min} to ${max} }`);
  }
  return value;
}

export const adminRoutes: Record<string, Handler> = {
  // For the console only: it tells a stranger how busy and how full the instance is.
  'GET /api/stats': (req, res, _url, state) => {
    requireAdmin(req, state);
    sendJson(res, 200, state.stats.read());
  },
  'GET /api/admin/config': (req, res, _url, state) => {
    requireAdmin(req, state);
    sendJson(res, 200, state.config);
  },
  'POST /api/admin/config': async (req, res, _url, state) => {
    requireAdmin(req, state);
    const patch = parseConfigPatch(await readJson(req, MAX_ADMIN_BODY));
    if (!patch.ok) throw new HttpError(400, patch.error);
    const retentionChanged = patch.value.retentionDays !== undefined && patch.value.retentionDays !== state.config.retentionDays;
    const next = { ...state.config, ...patch.value, updatedAt: state.now() };
    saveConfig(state.settings.dataDir, next);
    state.config = next;
    // A shorter retention applies at once, not at the next hourly sweep.
    if (retentionChanged) await state.applyRetention();
    sendJson(res, 200, state.config);
  },
  'POST /api/admin/cleanup': async (req, res, _url, state) => {
    requireAdmin(req, state);
    const days = await readWholeNumber(req, 'days', 0, 3650);
    const result = await removeOlderThan(state.settings.dataDir, days, state.now());
    await state.disk.refresh();
    sendJson(res, 200, result);
  },
  'POST /api/admin/backup': async (req, res, _url, state) => {
    requireAdmin(req, state);
    sendJson(res, 200, await backupDataDir(state.settings.dataDir, state.now()));
  },
  'POST /api/admin/disk': async (req, res, _url, state) => {
    requireAdmin(req, state);
    const diskGb = await readWholeNumber(req, 'diskGb', 1, 65536);
    // A disk grows online, as a cloud volume does; the driver passes the new size on every later start too.
    state.disk.setDiskGb(diskGb);
    sendJson(res, 200, { diskGb });
  },
};
