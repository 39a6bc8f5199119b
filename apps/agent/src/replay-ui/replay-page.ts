import { escape } from '../pages.ts';
import type { SessionSummary } from '../storage/query/list.ts';
import { type DisplaySettings, formatDuration, formatTime } from './display.ts';
import { shell } from './layout.ts';

/**
 * The Replay page: the session's facts and download, and the places the bundle (browser/player.ts)
 * fills: rrweb-player, the timeline's markers, the jump to the next error, the console pane. What
 * the bundle needs comes in data- attributes, so the page holds no inline script (CSP: script-src 'self').
 */

/** The console pane's filter: the levels the tracker records (console.error arrives as an error). */
const LEVELS = [
  ['', 'All levels'],
  ['error', 'Errors'],
  ['warn', 'Warnings'],
  ['info', 'Info'],
  ['log', 'Log'],
  ['debug', 'Debug'],
]
  .map(([value, label]) => `<option value="${value}">${label}</option>`)
  .join('');

export interface ReplayView {
  session: SessionSummary & { pages: string[] };
  display: DisplaySettings;
  assets: { js: string; css: string };
}

export function replayPage({ session: s, display, assets }: ReplayView): string {
  const id = encodeURIComponent(s.sessionId);
  const facts: [string, string][] = [
    ['Started', formatTime(s.startedAt, display.timezone)],
    ['Duration', formatDuration(s.durationMs)],
    ['User', s.userId ?? '—'],
    ['Pages', String(s.pageCount)],
    ['Errors', String(s.errorCount)],
    ['Browser', [s.browser, s.device].filter(Boolean).join(', ') || '—'],
  ];
  const dl = facts.map(([k, v]) => `<div><dt>${escape(k)}</dt><dd>${escape(v)}</dd></div>`).join('');
  const events = `/api/sessions/${id}/events`;
  return shell(
    `Session ${s.sessionId} · Replay`,
    `<h1>Session <span data-testid="session-id">${escape(s.sessionId)}</span></h1>
<dl class="facts">${dl}</dl>
<p><a href="${escape(events)}" download="session-${escape(s.sessionId)}.json" data-testid="download">Download as rrweb JSON</a></p>
<section id="replay" aria-label="Replay" data-events="${escape(events)}" data-mouse-trail="${display.mouseTrail}" data-skip-inactive="${display.skipToIssue}">
<p id="replay-status" role="status">Loading the recording…</p>
<noscript><p class="error">The replay needs JavaScript; the download above holds the whole recording.</p></noscript>
<div id="player" data-testid="player"></div>
<h2 id="timeline-title">Timeline</h2>
<p class="muted legend"><span class="mark click">Click</span> <span class="mark page">Page change</span> <span class="mark error">Error</span></p>
<div id="timeline" class="timeline" role="group" aria-labelledby="timeline-title"></div>
<p><button type="button" id="next-error" disabled>Jump to the next error</button></p>
<h2 id="console-title">Console and errors</h2>
<p class="console-filter"><label for="console-level">Level</label> <select id="console-level" data-testid="console-level">${LEVELS}</select> <span id="console-count" class="muted" role="status"></span></p>
<ol id="console" class="console" aria-labelledby="console-title" data-testid="console"></ol>
</section>`,
    // The events are asked for while the bundle loads, not after it has run (time to first frame).
    `<link rel="preload" href="${escape(events)}" as="fetch" crossorigin><link rel="stylesheet" href="${escape(assets.css)}"><script type="module" src="${escape(assets.js)}"></script>`,
  );
}

/** Strict but for what rrweb's replayer needs: see docs/SECURITY.md, "Issue 43: replay screens". */
export const REPLAY_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data: https:",
  "media-src 'self' data: blob: https:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
