import type { ErrorGroup } from '@replay/agent-protocol';
import { escape } from '../pages.ts';
import { formatTime } from '../replay-ui/display.ts';
import { shell } from '../replay-ui/layout.ts';
import { ERRORS_CSS } from './styles.ts';

/** The Errors page: the instance's JavaScript errors, grouped by message and top frame, newest first, a page at a time. */

export interface ErrorListView {
  groups: ErrorGroup[];
  /** Groups in all, on every page. */
  total: number;
  page: number;
  pageSize: number;
  timezone: string;
}

export const whereOf = (frame: ErrorGroup['topFrame']): string => (frame ? `${frame.file}:${frame.line}:${frame.column}` : 'No stack frame');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function card(g: ErrorGroup, timezone: string): string {
  const facts: [string, string][] = [
    ['Occurrences', String(g.count)],
    ['Sessions', String(g.sessions)],
    ['Last seen', formatTime(g.lastSeen, timezone)],
    ['First seen', formatTime(g.firstSeen, timezone)],
  ];
  const dl = facts.map(([k, v]) => `<div><dt>${escape(k)}</dt><dd>${escape(v)}</dd></div>`).join('');
  return `<li data-testid="error-group" data-error-id="${escape(g.errorId)}"><a href="/errors/${escape(g.errorId)}">${escape(g.name)}: ${escape(g.message)}</a>
<div class="muted where">${escape(whereOf(g.topFrame))}</div><dl>${dl}</dl></li>`;
}

function paging(view: ErrorListView): string {
  const last = Math.max(1, Math.ceil(view.total / view.pageSize));
  const links = [
    view.page > 1 ? `<a href="/errors?page=${view.page - 1}" data-testid="newer">Newer errors</a>` : '',
    view.page < last ? `<a href="/errors?page=${view.page + 1}" data-testid="older">Older errors</a>` : '',
  ].join('');
  return links ? `<nav class="paging" aria-label="Pages">${links}<span class="muted">Page ${view.page} of ${last}</span></nav>` : '';
}

export function errorListPage(view: ErrorListView): string {
  const body =
    view.groups.length === 0
      ? `<p data-testid="no-errors">${view.page > 1 ? 'No more errors.' : 'No JavaScript errors yet. They appear here once the tracker reports them from your site.'}</p>`
      : `<ul class="groups" data-testid="errors">${view.groups.map((g) => card(g, view.timezone)).join('')}</ul>${paging(view)}`;
  return shell(
    'Errors · Replay',
    `<h1>Errors</h1>
<p class="muted" data-testid="errors-total">${escape(plural(view.total, 'error', 'errors'))}, grouped by message and top frame, newest first. Times in ${escape(view.timezone)}.</p>
${body}`,
    ERRORS_CSS,
  );
}
