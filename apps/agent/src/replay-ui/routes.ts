import type { ServerResponse } from 'node:http';
import { SIGNIN_PATH } from '@replay/agent-protocol/plain';
import { HttpError, sendHtml } from '../http.ts';
import { escape } from '../pages.ts';
import { signedInUser } from '../sessions.ts';
import type { AgentState, Handler } from '../state.ts';
import { SESSION_ID_PATTERN } from '../storage/chunks/files.ts';
import { listSessions, readSession } from '../storage/query/list.ts';
import { assetRoute, replayAssets } from './assets.ts';
import { displaySettings } from './display.ts';
import { shell } from './layout.ts';
import { listPage } from './list-page.ts';
import { defaultForm, filterOf, readForm } from './list-query.ts';
import { REPLAY_CSP, replayPage } from './replay-page.ts';

/**
 * The instance's session screens, behind its sign-in (the console's one-time link, SSO, a
 * password: the same cookie as its home page); a stranger is sent to the sign-in page.
 *   GET /sessions         the list, its filters in the query (list-query.ts)
 *   GET /sessions/<id>    the replay
 *   GET /replay-ui/<hash>/player.(js|css)   the replay's bundle (assets.ts)
 */

const ONE = /^\/sessions\/([^/]+)$/;

/** Whether someone is signed in; if not, the answer is a 303 to the sign-in page (also the Errors screens' guard). */
export function guard(req: Parameters<Handler>[0], res: ServerResponse, state: AgentState): boolean {
  if (signedInUser(req, state)) return true;
  res.writeHead(303, { Location: SIGNIN_PATH, 'Cache-Control': 'no-store' }).end();
  return false;
}

function errorPage(res: ServerResponse, e: unknown): void {
  if (!(e instanceof HttpError) || e.status >= 500) throw e;
  sendHtml(res, e.status, shell('Sessions · Replay', `<h1>Sessions</h1><p role="alert" class="error" data-testid="page-error">${escape(e.message)}</p>`));
}

export const replayUiRoutes: Record<string, Handler> = {
  'GET /sessions': (req, res, url, state) => {
    if (!guard(req, res, state)) return;
    const display = displaySettings(state.config);
    let form = defaultForm(display);
    try {
      form = readForm(url.searchParams, display);
      const cursor = url.searchParams.get('cursor');
      const result = listSessions(state.storage.db, filterOf(form, cursor, state.now(), display.timezone));
      sendHtml(res, 200, listPage({ form, display, result, paged: cursor !== null }));
    } catch (e) {
      if (!(e instanceof HttpError) || e.status !== 400) throw e;
      // The filters stay as typed, beside what was wrong with them; nothing is read from the index.
      sendHtml(res, 400, listPage({ form, display, result: null, error: e.message, paged: false }));
    }
  },
};

function replayHandler(rawId: string): Handler {
  return (req, res, url, state) => {
    if (!guard(req, res, state)) return;
    try {
      let id = '';
      try {
        id = decodeURIComponent(rawId);
      } catch {
        // Refused below, as any other id that is not one.
      }
      if (!SESSION_ID_PATTERN.test(id)) throw new HttpError(400, 'A session id is 1-64 letters, digits, _ or -');
      if ([...url.searchParams.keys()].length > 0) throw new HttpError(400, 'This address takes no parameters');
      const session = readSession(state.storage.db, id);
      if (!session) throw new HttpError(404, `No session ${id} on this instance: it may have been removed by retention.`);
      const html = replayPage({ session, display: displaySettings(state.config), assets: replayAssets() });
      sendHtml(res, 200, html, { 'Content-Security-Policy': REPLAY_CSP });
    } catch (e) {
      errorPage(res, e);
    }
  };
}

/** The handler for /sessions/<id> or a bundle's address, or undefined for any other path. */
export function replayUiRoute(method: string | undefined, pathname: string): Handler | undefined {
  const match = method === 'GET' ? ONE.exec(pathname) : null;
  if (match) return replayHandler(match[1]!);
  return assetRoute(method, pathname);
}
