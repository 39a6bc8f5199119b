import type { ServerResponse } from 'node:http';
import { listErrors, readError } from '../errors.ts';
import { HttpError, sendHtml } from '../http.ts';
import { escape } from '../pages.ts';
import { displaySettings } from '../replay-ui/display.ts';
import { shell } from '../replay-ui/layout.ts';
import { guard } from '../replay-ui/routes.ts';
import type { Handler } from '../state.ts';
import { type StackView, errorDetailPage } from './detail-page.ts';
import { errorListPage } from './list-page.ts';

/**
 * The instance's Errors screens, behind the same sign-in as its Sessions (a stranger is sent to
 * the sign-in page). Server-rendered, without script:
 *   GET /errors[?page=N]              every project's errors, grouped, newest first
 *   GET /errors/<errorId>[?view=raw]  one group: facts, its latest occurrence's replay, the stack (FULL or RAW)
 */

/** As the console's errors list (contracts' PAGE_SIZE_ERRORS). */
const PAGE_SIZE = 20;
const MAX_PAGE = 10_000;
const ONE = /^\/errors\/([^/]+)$/;

/** The one query field a page takes, as given once; every other field is a 400 naming it. */
function only(params: URLSearchParams, name: string): string | null {
  for (const key of new Set(params.keys())) {
    if (key !== name) throw new HttpError(400, `Unknown field ${key}: this page takes only ${name}`);
    if (params.getAll(key).length > 1) throw new HttpError(400, `${key} may be given once`);
  }
  return params.get(name);
}

function pageOf(params: URLSearchParams): number {
  const given = only(params, 'page');
  if (given === null) return 1;
  if (!/^\d{1,5}$/.test(given) || Number(given) < 1 || Number(given) > MAX_PAGE) throw new HttpError(400, `page must be a whole number from 1 to ${MAX_PAGE}`);
  return Number(given);
}

function viewOf(params: URLSearchParams): StackView {
  const given = only(params, 'view') ?? 'full';
  if (given !== 'full' && given !== 'raw') throw new HttpError(400, 'view must be full or raw');
  return given;
}

function errorPage(res: ServerResponse, e: unknown): void {
  if (!(e instanceof HttpError) || e.status >= 500) throw e;
  sendHtml(res, e.status, shell('Errors · Replay', `<h1>Errors</h1><p role="alert" class="error" data-testid="page-error">${escape(e.message)}</p><p><a href="/errors">All errors</a></p>`));
}

export const errorsUiRoutes: Record<string, Handler> = {
  'GET /errors': (req, res, url, state) => {
    if (!guard(req, res, state)) return;
    try {
      const page = pageOf(url.searchParams);
      const { groups, total } = listErrors(state.settings.dataDir, page, PAGE_SIZE);
      sendHtml(res, 200, errorListPage({ groups, total, page, pageSize: PAGE_SIZE, timezone: displaySettings(state.config).timezone }));
    } catch (e) {
      errorPage(res, e);
    }
  },
};

function detailHandler(rawId: string): Handler {
  return async (req, res, url, state) => {
    if (!guard(req, res, state)) return;
    try {
      if (!/^[a-f0-9]{16}$/.test(rawId)) throw new HttpError(404, 'No such error on this instance: an error id is 16 hex digits.');
      const view = viewOf(url.searchParams);
      const detail = await readError(state.settings.dataDir, rawId);
      if (!detail) throw new HttpError(404, 'No such error on this instance: it may have been removed by retention.');
      sendHtml(res, 200, errorDetailPage({ detail, view, timezone: displaySettings(state.config).timezone }));
    } catch (e) {
      errorPage(res, e);
    }
  };
}

/** The handler for /errors/<errorId>, or undefined for any other path. */
export function errorsUiRoute(method: string | undefined, pathname: string): Handler | undefined {
  const match = method === 'GET' ? ONE.exec(pathname) : null;
  return match ? detailHandler(match[1]!) : undefined;
}
