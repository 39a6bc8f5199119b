import { TRACKER_EVENT_TAGS } from '@replay/agent-protocol/plain';
import { isRrwebEvent } from '../chunks/records.ts';

/**
 * What the index learns from a batch's rrweb events: their time span, the pages (each Meta
 * event's href, then the batch's own url), the clicks (an IncrementalSnapshot of source
 * MouseInteraction, type Click) and the errors (Custom events tagged TRACKER_EVENT_TAGS.error,
 * which packages/tracker sends for each JavaScript error). Events that are not rrweb's (no numeric type and timestamp) count for nothing.
 */

const EventType = { IncrementalSnapshot: 3, Meta: 4, Custom: 5 } as const;
const MOUSE_INTERACTION = 2;
const CLICK = 2;
export const ERROR_TAGS: readonly unknown[] = [TRACKER_EVENT_TAGS.error];

export interface BatchFacts {
  firstAt: number | null;
  lastAt: number | null;
  pages: string[];
  clicks: number;
  errors: number;
  events: number;
}

const field = (value: unknown, key: string): unknown => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined);

export function factsOf(events: readonly unknown[], url: string | null): BatchFacts {
  const facts: BatchFacts = { firstAt: null, lastAt: null, pages: [], clicks: 0, errors: 0, events: 0 };
  for (const event of events) {
    if (!isRrwebEvent(event)) continue;
    facts.events++;
    facts.firstAt = Math.min(facts.firstAt ?? event.timestamp, event.timestamp);
    facts.lastAt = Math.max(facts.lastAt ?? event.timestamp, event.timestamp);
    const href = field(event.data, 'href');
    if (event.type === EventType.Meta && typeof href === 'string') facts.pages.push(href);
    if (event.type === EventType.IncrementalSnapshot && field(event.data, 'source') === MOUSE_INTERACTION && field(event.data, 'type') === CLICK) facts.clicks++;
    if (event.type === EventType.Custom && ERROR_TAGS.includes(field(event.data, 'tag'))) facts.errors++;
  }
  if (url) facts.pages.push(url);
  return facts;
}

/** The pages a session visited: `pages` after `last`, each kept only when it differs from the one before. */
export function newPages(last: string | null, pages: readonly string[]): string[] {
  const added: string[] = [];
  for (const page of pages) {
    if (page === (added.at(-1) ?? last)) continue;
    added.push(page);
  }
  return added;
}
