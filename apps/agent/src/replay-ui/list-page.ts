import { escape } from '../pages.ts';
import type { SessionSummary } from '../storage/query/list.ts';
import { type DisplaySettings, RANGE_PRESETS, formatDuration, formatTime } from './display.ts';
import { shell } from './layout.ts';
import { type ListForm, formQuery } from './list-query.ts';

/** The Sessions page: the filters (a GET form, so it works without script and every list has an address), then the list. */

export interface ListView {
  form: ListForm;
  display: DisplaySettings;
  /** Null when the filters were refused: `error` says why. */
  result: { sessions: SessionSummary[]; nextCursor: string | null } | null;
  error?: string;
  /** Whether this is a later page (a link back to the first shows). */
  paged: boolean;
}

const option = (value: string, label: string, chosen: string) => `<option value="${escape(value)}"${value === chosen ? ' selected' : ''}>${escape(label)}</option>`;

function field(id: string, label: string, control: string): string {
  return `<div class="field"><label for="${id}">${label}</label>${control}</div>`;
}

function filters(form: ListForm, timezone: string): string {
  const presets = Object.entries(RANGE_PRESETS)
    .map(([v, l]) => option(v, l, form.range))
    .join('');
  return `<form class="filters" method="get" action="/sessions" aria-label="Filter sessions">
${field('range', 'Range', `<select id="range" name="range">${presets}</select>`)}
${field('from', `Custom start (${escape(timezone)})`, `<input id="from" name="from" type="datetime-local" value="${escape(form.from)}">`)}
${field('to', `Custom end (${escape(timezone)})`, `<input id="to" name="to" type="datetime-local" value="${escape(form.to)}">`)}
<fieldset><legend>Duration</legend>
<select id="op" name="op" aria-label="Duration operator">${option('<', 'shorter than', form.op)}${option('>', 'longer than', form.op)}</select>
<input id="count" name="count" inputmode="numeric" size="5" aria-label="Duration count" value="${escape(form.count)}">
<select id="unit" name="unit" aria-label="Duration unit">${option('sec', 'seconds', form.unit)}${option('min', 'minutes', form.unit)}${option('hour', 'hours', form.unit)}</select>
</fieldset>
${field('userId', 'User id', `<input id="userId" name="userId" value="${escape(form.userId)}">`)}
${field('page', 'Page address contains', `<input id="page" name="page" value="${escape(form.page)}">`)}
${field('errors', 'Has errors', `<select id="errors" name="errors">${option('any', 'Any', form.errors)}${option('yes', 'With errors', form.errors)}${option('no', 'Without errors', form.errors)}</select>`)}
${field('meta', 'Metadata (key=value, one a line)', `<textarea id="meta" name="meta" rows="2">${escape(form.meta)}</textarea>`)}
<div><button type="submit">Show sessions</button> <a class="button secondary" href="/sessions">Reset</a></div>
</form>`;
}

function card(s: SessionSummary, timezone: string): string {
  const facts: [string, string][] = [
    ['Started', formatTime(s.startedAt, timezone)],
    ['Duration', formatDuration(s.durationMs)],
    ['User', s.userId ?? '—'],
    ['Pages', String(s.pageCount)],
    ['Clicks', String(s.clicks)],
    ['Errors', String(s.errorCount)],
    ['Browser', [s.browser, s.device].filter(Boolean).join(', ') || '—'],
    ...Object.entries(s.metadata).map(([k, v]): [string, string] => [k, v]),
  ];
  const dl = facts.map(([k, v]) => `<div><dt>${escape(k)}</dt><dd>${escape(v)}</dd></div>`).join('');
  const id = encodeURIComponent(s.sessionId);
  return `<li data-testid="session" data-session-id="${escape(s.sessionId)}"><a href="/sessions/${id}">Replay session ${escape(s.sessionId)}</a>
<div class="muted">${escape(s.firstPage ?? 'No page recorded')}</div><dl>${dl}</dl></li>`;
}

function results(view: ListView): string {
  if (view.error !== undefined) return `<p role="alert" class="error" data-testid="filter-error">${escape(view.error)}</p>`;
  const { sessions, nextCursor } = view.result ?? { sessions: [], nextCursor: null };
  if (sessions.length === 0) {
    return `<p data-testid="no-sessions">${view.paged ? 'No more sessions.' : 'No sessions match these filters. Recorded sessions appear here once the tracker sends them.'}</p>`;
  }
  const links = [
    view.paged ? `<a href="/sessions?${escape(formQuery(view.form))}">Newest sessions</a>` : '',
    nextCursor ? `<a href="/sessions?${escape(formQuery(view.form, nextCursor))}" data-testid="older">Older sessions</a>` : '',
  ].join('');
  return `<ul class="sessions" data-testid="sessions">${sessions.map((s) => card(s, view.display.timezone)).join('')}</ul>
${links ? `<nav class="paging" aria-label="Pages">${links}</nav>` : ''}`;
}

export function listPage(view: ListView): string {
  return shell(
    'Sessions · Replay',
    `<h1>Sessions</h1>
<p class="muted">Times in ${escape(view.display.timezone)}.</p>
${filters(view.form, view.display.timezone)}
<h2>Results</h2>
${results(view)}`,
  );
}
