import { open } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { HttpError, sendJson } from '../../http.ts';
import { signedInUser } from '../../sessions.ts';
import type { AgentState, Handler } from '../../state.ts';
import { SESSION_ID_PATTERN } from '../chunks/files.ts';
import { isRrwebEvent } from '../chunks/records.ts';
import { parseFilter } from '../query/filters.ts';
import { chunksOf, listSessions, readSession } from '../query/list.ts';

/**
 * The instance's session API, for its own screens, behind its sign-in (the console's one-time
 * link, SSO or a password: the same cookie as its pages; 401 without it):
 *   GET /api/sessions                    the list, filtered and paged (query/filters.ts)
 *   GET /api/sessions/<id>               one session's summary and pages
 *   GET /api/sessions/<id>/events        its events as rrweb's own JSON array (a download)
 */

export const SESSIONS_API = '/api/sessions';
const ONE = /^\/api\/sessions\/([^/]+)(\/events)?$/;

function requireSignedIn(req: Parameters<Handler>[0], state: AgentState): void {
  if (!signedInUser(req, state)) throw new HttpError(401, 'Sign in to this instance first');
}

function sessionIdOf(raw: string): string {
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    id = '';
  }
  if (!SESSION_ID_PATTERN.test(id)) throw new HttpError(400, 'A session id is 1-64 letters, digits, _ or -');
  return id;
}

/**
 * Streams the stored rrweb events of the session's chunks as one JSON array, each event's JSON
 * exactly as stored: the batch heads (and any line that is not an rrweb event, or was cut short)
 * are left out, so rrweb's Replayer takes the array as it is.
 */
async function sendEvents(res: ServerResponse, state: AgentState, id: string): Promise<void> {
  const chunks = chunksOf(state.storage.db, id);
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="session-${id}.json"`,
    'Cache-Control': 'no-store',
  });
  let first = true;
  for (const chunk of chunks) {
    // A chunk removed since the index was read (a cleanup running meanwhile) is skipped.
    const handle = await open(join(state.settings.dataDir, chunk)).catch(() => null);
    if (!handle) continue;
    const input = handle.createReadStream();
    const lines = createInterface({ input, crlfDelay: Infinity });
    for await (const line of lines) {
      try {
        if (!isRrwebEvent(JSON.parse(line))) continue;
      } catch {
        continue;
      }
      // A download given up (its connection closed) stops the reading rather than waiting on a drain forever.
      if (!res.write(`${first ? '[' : ','}${line}`)) await drainedOrClosed(res);
      if (res.destroyed) {
        lines.close();
        input.destroy();
        return;
      }
      first = false;
    }
  }
  res.end(first ? '[]' : ']');
}

/**
 * Until the answer can take more or its connection is gone. The listener that did not fire is
 * removed (an abort), so a long download waiting many times adds none that stay behind.
 */
async function drainedOrClosed(res: ServerResponse): Promise<void> {
  const waiting = new AbortController();
  const either = [once(res, 'drain', { signal: waiting.signal }), once(res, 'close', { signal: waiting.signal })];
  await Promise.race(either);
  waiting.abort();
  await Promise.allSettled(either);
}

export const sessionListRoutes: Record<string, Handler> = {
  [`GET ${SESSIONS_API}`]: (req, res, url, state) => {
    requireSignedIn(req, state);
    const filter = parseFilter(url.searchParams);
    res.setHeader('Cache-Control', 'no-store');
    sendJson(res, 200, listSessions(state.storage.db, filter));
  },
};

/** The handler for /api/sessions/<id>[/events], or undefined for any other path. */
export function sessionRoute(method: string | undefined, pathname: string): Handler | undefined {
  const match = method === 'GET' ? ONE.exec(pathname) : null;
  if (!match) return undefined;
  return async (req, res, url, state) => {
    requireSignedIn(req, state);
    const id = sessionIdOf(match[1]!);
    if ([...url.searchParams.keys()].length > 0) throw new HttpError(400, 'This address takes no parameters');
    const session = readSession(state.storage.db, id);
    if (!session) throw new HttpError(404, `No session ${id}`);
    if (match[2]) return sendEvents(res, state, id);
    res.setHeader('Cache-Control', 'no-store');
    sendJson(res, 200, session);
  };
}
