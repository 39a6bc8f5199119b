import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorDetail, ErrorEvent, ErrorGroup, ErrorList, ErrorProjects } from '@replay/agent-protocol';
import { ERRORS_PATH, INGEST_CORS } from '@replay/agent-protocol/plain';
import { ERRORS, dayOf } from './data.ts';
import { HttpError, answerPreflight, applyCors, readJson, sendJson } from './http.ts';
import { admitTracker, ingestOrigins } from './ingest.ts';
import { protocolSchemas } from './protocol.ts';
import { sourceMapResolver } from './source-maps/load.ts';
import { sourceMapTextFor } from './source-maps/store.ts';
import type { AgentState, Handler } from './state.ts';
import { hasSession } from './storage/query/list.ts';

/**
 * JavaScript errors from the tracker: one JSON line per occurrence in errors/<YYYY-MM-DD>.jsonl
 * of the data folder (so backups carry them, and the data retention and cleanups remove them
 * by day as they remove recordings; errors.jsonl, from agents before that, is read too), under the same
 * rules as recordings: the project key, the CORS origins, the rate limits and the disk's room.
 * Each occurrence names the project whose key sent it (null: the account's key). The console
 * reads them grouped, one project's at a time (admin calls `errors` and `error`), and the
 * instance's own Errors screens (errors-ui/) read them all.
 */

const MAX_ERROR_BODY = 64 * 1024;

interface Stored extends ErrorEvent {
  errorId: string;
  at: number;
  /** The project whose key sent it; null, or absent (written before projects), for the account's key. */
  projectId?: string | null;
}

/** The group of an occurrence: its message and top frame, digested. */
export function errorIdOf(event: Pick<ErrorEvent, 'message' | 'frames'>): string {
  const top = event.frames[0];
  const where = top ? `${top.file}:${top.line}:${top.column}` : '';
  return createHash('sha256').update(`${event.message}\n${where}`).digest('hex').slice(0, 16);
}

/** Every stored occurrence, or those of the files `wanted` keeps (by name: a day's `YYYY-MM-DD.jsonl`). */
function readAll(dataDir: string, wanted: (name: string) => boolean = () => true): Stored[] {
  const dir = join(dataDir, ERRORS);
  if (!existsSync(dir)) return [];
  const out: Stored[] = [];
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl') && wanted(n))
    .sort()) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (!line) continue;
      try {
        out.push(JSON.parse(line) as Stored);
      } catch {
        // A line cut short by a full disk or a crash: skipped, the rest still reads.
      }
    }
  }
  return out;
}

/** Whether an occurrence is under one of `projects` (absent: all are). */
const under = (projects: ErrorProjects, e: Stored): boolean => projects === undefined || projects.includes(e.projectId ?? null);

function grouped(dataDir: string, projects: ErrorProjects): { groups: ErrorGroup[]; latest: Map<string, Stored> } {
  const groups = new Map<string, ErrorGroup & { sessionIds: Set<string> }>();
  const latest = new Map<string, Stored>();
  for (const e of readAll(dataDir)) {
    if (!under(projects, e)) continue;
    const g = groups.get(e.errorId);
    if (!g) {
      groups.set(e.errorId, {
        errorId: e.errorId,
        name: e.name,
        message: e.message,
        topFrame: e.frames[0] ?? null,
        count: 1,
        sessions: 1,
        firstSeen: e.at,
        lastSeen: e.at,
        sessionIds: new Set([e.sessionId]),
      });
    } else {
      g.count++;
      g.sessionIds.add(e.sessionId);
      g.sessions = g.sessionIds.size;
      g.firstSeen = Math.min(g.firstSeen, e.at);
      g.lastSeen = Math.max(g.lastSeen, e.at);
    }
    if ((latest.get(e.errorId)?.at ?? -1) <= e.at) latest.set(e.errorId, e);
  }
  const list = [...groups.values()].map(({ sessionIds: _ids, ...g }) => g).sort((a, b) => b.lastSeen - a.lastSeen || a.errorId.localeCompare(b.errorId));
  return { groups: list, latest };
}

export function listErrors(dataDir: string, page: number, limit: number, projects?: ErrorProjects): ErrorList {
  const { groups } = grouped(dataDir, projects);
  return { groups: groups.slice((page - 1) * limit, page * limit), total: groups.length };
}

/** A group and its latest occurrence, each frame resolved through the instance's source maps (source-maps/). */
export async function readError(dataDir: string, errorId: string, projects?: ErrorProjects): Promise<ErrorDetail> {
  const { groups, latest } = grouped(dataDir, projects);
  const group = groups.find((g) => g.errorId === errorId);
  const last = latest.get(errorId);
  if (!group || !last) return null;
  const { resolveFrames } = await sourceMapResolver();
  const frames = resolveFrames(last.frames, (file) => sourceMapTextFor(dataDir, file, last.release, last.projectId ?? null, projects));
  return { group, latest: { sessionId: last.sessionId, url: last.url, release: last.release, stack: last.stack, frames, at: last.at } };
}

/** Occurrences stored in [from, to): only the files of the days the period touches are read (and any not named by a day). */
export function countErrors(dataDir: string, from: number, to: number): number {
  const [first, last] = [dayOf(from), dayOf(to - 1)];
  const touched = (name: string) => {
    const day = name.slice(0, -'.jsonl'.length);
    return !/^\d{4}-\d{2}-\d{2}$/.test(day) || (day >= first && day <= last);
  };
  return readAll(dataDir, touched).filter((e) => e.at >= from && e.at < to).length;
}

export const errorRoutes: Record<string, Handler> = {
  [`OPTIONS ${ERRORS_PATH}`]: (req, res, _url, state) => answerPreflight(res, applyCors(res, req.headers.origin, ingestOrigins(state)), INGEST_CORS.allowMethods),

  /** The refusals of recordings' ingest, in the same order: origin, client address, rate, key, room; then the event's shape and its page's domain. */
  [`POST ${ERRORS_PATH}`]: async (req, res, _url, state: AgentState) => {
    const { client, projectId } = await admitTracker(req, res, state);
    const parsed = (await protocolSchemas()).errorEventSchema.safeParse(await readJson(req, MAX_ERROR_BODY));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new HttpError(400, issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid error event');
    }
    const sender = { projectId, sessionId: parsed.data.sessionId };
    state.limiter.senderRequest(sender);
    state.logger.admitPage(state.config.logger, req.headers.origin, parsed.data.url);
    // An error of a session the capture settings leave out is answered as taken (nothing to retry) and not stored, like its batches.
    if (!state.capture.records(state.config.capture, sender.sessionId, parsed.data.url, () => hasSession(state.storage.db, sender.sessionId))) {
      sendJson(res, 202, { errorId: null, captured: false });
      return;
    }
    const stored: Stored = { ...parsed.data, errorId: errorIdOf(parsed.data), at: state.now(), projectId };
    const line = `${JSON.stringify(stored)}\n`;
    const bytes = Buffer.byteLength(line);
    state.disk.assertRoom(bytes);
    state.limiter.bytes(client, sender, bytes);
    const dir = join(state.settings.dataDir, ERRORS);
    mkdirSync(dir, { recursive: true });
    appendFileSync(join(dir, `${dayOf(stored.at)}.jsonl`), line);
    state.disk.wrote(bytes);
    sendJson(res, 202, { errorId: stored.errorId });
  },
};
