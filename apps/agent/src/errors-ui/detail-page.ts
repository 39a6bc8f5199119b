import type { ErrorDetail, ResolvedFrame } from '@replay/agent-protocol';
import { JS_ERROR_MESSAGES } from '@replay/contracts/js-error-messages';
import { escape } from '../pages.ts';
import { formatTime } from '../replay-ui/display.ts';
import { shell } from '../replay-ui/layout.ts';
import { ERRORS_CSS } from './styles.ts';

/**
 * An error's page: its facts, the way to the replay of its latest occurrence, and the spec's
 * stack-trace view. FULL and RAW are two addresses (`?view=`), so the toggle is a pair of links:
 * it works without script and with the keyboard alone, and each view can be shared.
 */

export type StackView = 'full' | 'raw';

export interface ErrorDetailView {
  detail: NonNullable<ErrorDetail>;
  view: StackView;
  timezone: string;
}

function frameItem(frame: ResolvedFrame): string {
  const original = frame.original ?? null;
  const file = original ? original.source : frame.file;
  const fn = original?.name ?? frame.function ?? '(anonymous)';
  const where = original ? `${original.line}:${original.column}` : `${frame.line}:${frame.column}`;
  const head = `<code><strong>${escape(fn)}</strong> in <span data-testid="frame-file">${escape(file)}</span> at <span data-testid="frame-where">${escape(where)}</span></code>`;
  if (!original) return `<li data-testid="frame">${head}</li>`;
  const minified = `<div class="muted where">Minified: ${escape(`${frame.file}:${frame.line}:${frame.column}`)}</div>`;
  const lines = original.context.map((c) => {
    const text = `${c.current ? '>' : ' '} ${String(c.line).padStart(4)} | ${c.text}`;
    return c.current ? `<mark>${escape(text)}</mark>` : escape(text);
  });
  const code = lines.length ? `<p class="muted">Code at ${escape(file)} line ${original.line}</p><pre data-testid="frame-code">${lines.join('\n')}</pre>` : '';
  return `<li data-testid="frame">${head}${minified}${code}</li>`;
}

function stackView({ detail, view }: ErrorDetailView): string {
  const { latest, group } = detail;
  const link = (v: StackView, label: string) => `<a href="?view=${v}" data-testid="view-${v}"${v === view ? ' aria-current="true"' : ''}>${label}</a>`;
  const toggle = `<nav class="views" aria-label="Stack trace view">${link('full', 'FULL')}${link('raw', 'RAW')}</nav>`;
  if (view === 'raw') return `${toggle}<pre data-testid="raw-stack">${escape(latest.stack || `${group.name}: ${group.message}`)}</pre>`;
  const mapped = latest.frames.some((f) => f.original);
  const notice = mapped ? '' : `<p class="notice" data-testid="no-source-maps">${escape(JS_ERROR_MESSAGES.noSourceMaps)}</p>`;
  const frames = latest.frames.length ? `<ol class="frames" data-testid="frames" aria-label="Stack frames">${latest.frames.map(frameItem).join('')}</ol>` : '<p>The browser gave no stack frames.</p>';
  return `${toggle}${notice}${frames}`;
}

export function errorDetailPage(v: ErrorDetailView): string {
  const { group, latest } = v.detail;
  const facts: [string, string][] = [
    ['Occurrences', String(group.count)],
    ['Sessions', String(group.sessions)],
    ['First seen', formatTime(group.firstSeen, v.timezone)],
    ['Last seen', formatTime(group.lastSeen, v.timezone)],
    ['Release', latest.release ?? '—'],
    ['Page', latest.url ?? '—'],
  ];
  const dl = facts.map(([k, val]) => `<div><dt>${escape(k)}</dt><dd>${escape(val)}</dd></div>`).join('');
  const session = encodeURIComponent(latest.sessionId);
  return shell(
    `${group.name}: ${group.message} · Errors · Replay`,
    `<p><a href="/errors">All errors</a></p>
<h1 data-testid="error-title">${escape(group.name)}: ${escape(group.message)}</h1>
<dl class="facts">${dl}</dl>
<p><a href="/sessions/${session}" data-testid="replay-latest">Replay the session of the latest occurrence (${escape(latest.sessionId)})</a></p>
<h2>Stack trace</h2>
${stackView(v)}`,
    ERRORS_CSS,
  );
}
