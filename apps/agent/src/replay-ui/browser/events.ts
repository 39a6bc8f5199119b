import { TRACKER_CONSOLE_PLUGIN, TRACKER_EVENT_TAGS } from '@replay/agent-protocol/plain';

/**
 * What the replay screen marks, read from the session's rrweb events (eventWithTime): clicks
 * (IncrementalSnapshot, source MouseInteraction, type Click), page changes (Meta, with the
 * page's address), the tracker's custom events (TRACKER_EVENT_TAGS: errors, and console
 * messages of older trackers) and its console messages (Plugin events of TRACKER_CONSOLE_PLUGIN).
 */

export interface RecordedEvent {
  type: number;
  timestamp: number;
  data?: { source?: number; type?: number; href?: string; width?: number; height?: number; tag?: string; plugin?: string; payload?: unknown };
}

export type MarkKind = 'click' | 'page' | 'error';

export interface Mark {
  kind: MarkKind;
  /** Milliseconds from the session's first event, as rrweb-player's goto() takes them. */
  offset: number;
  label: string;
}

export interface ConsoleLine {
  offset: number;
  level: string;
  text: string;
  stack?: string;
}

const FULL_SNAPSHOT = 2;
const META = 4;
const INCREMENTAL = 3;
const CUSTOM = 5;
const PLUGIN = 6;
const MOUSE_INTERACTION = 2;
const CLICK = 2;

const str = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

/** A console argument as the plugin sent it (JSON text): a string shown without its quotes, anything else as written. */
function argText(value: unknown): string {
  if (typeof value !== 'string') return str(value);
  if (!value.startsWith('"')) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'string' ? parsed : value;
  } catch {
    return value;
  }
}

/** A console message of rrweb's console plugin: its level, arguments and the caller's frames. */
function pluginLine(offset: number, payload: unknown): ConsoleLine {
  const log = (payload ?? {}) as { level?: unknown; payload?: unknown; trace?: unknown };
  const text = Array.isArray(log.payload) ? log.payload.map(argText).join(' ') : argText(log.payload ?? '');
  const trace = Array.isArray(log.trace) ? log.trace.filter((t): t is string => typeof t === 'string') : [];
  return { offset, level: typeof log.level === 'string' ? log.level : 'log', text, stack: trace.length > 0 ? trace.join('\n') : undefined };
}

function pathOf(href: string): string {
  try {
    const url = new URL(href);
    return url.pathname;
  } catch {
    return href;
  }
}

export function marksOf(events: RecordedEvent[]): { marks: Mark[]; lines: ConsoleLine[] } {
  const start = events[0]?.timestamp ?? 0;
  const marks: Mark[] = [];
  const lines: ConsoleLine[] = [];
  let previous: RecordedEvent | undefined;
  for (const e of events) {
    const offset = e.timestamp - start;
    // A page's Meta comes just before its FullSnapshot: its mark seeks to the snapshot, where the page is drawn.
    if (e.type === FULL_SNAPSHOT && previous?.type === META && marks.at(-1)?.kind === 'page') marks.at(-1)!.offset = offset;
    previous = e;
    if (e.type === META && e.data?.href) marks.push({ kind: 'page', offset, label: `Page ${pathOf(e.data.href)}` });
    else if (e.type === INCREMENTAL && e.data?.source === MOUSE_INTERACTION && e.data.type === CLICK) marks.push({ kind: 'click', offset, label: 'Click' });
    else if (e.type === CUSTOM && e.data?.tag === TRACKER_EVENT_TAGS.error) {
      const payload = (e.data.payload ?? {}) as { message?: unknown; stack?: unknown };
      const text = str(payload.message ?? 'Error');
      marks.push({ kind: 'error', offset, label: `Error: ${text}` });
      lines.push({ offset, level: 'error', text, stack: typeof payload.stack === 'string' ? payload.stack : undefined });
    } else if (e.type === CUSTOM && e.data?.tag === TRACKER_EVENT_TAGS.console) {
      const payload = (e.data.payload ?? {}) as { level?: unknown; args?: unknown };
      const args = Array.isArray(payload.args) ? payload.args.map(str).join(' ') : str(payload.args ?? '');
      lines.push({ offset, level: typeof payload.level === 'string' ? payload.level : 'log', text: args });
    } else if (e.type === PLUGIN && e.data?.plugin === TRACKER_CONSOLE_PLUGIN) lines.push(pluginLine(offset, e.data.payload));
  }
  // Stable: lines of one moment keep their recorded order.
  lines.sort((a, b) => a.offset - b.offset);
  return { marks, lines };
}

/** '1:05' for 65,000 ms. */
export function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
