/**
 * Batches to the instance's ingest: gzip-compressed by the browser's CompressionStream where it
 * has one (plain JSON where not), the project key as Bearer. A bounded queue: past `maxQueue`
 * events new ones are dropped and counted, and the count rides with the next batch (`dropped`),
 * so a gap in a replay is never silent. 429 and 5xx (and a network failure) keep the batch and
 * wait: `Retry-After` when the answer has one, else a doubling pause up to a minute. A full disk's
 * 507 (Retry-After: 60) is one of these: the queue is kept and sending resumes once room is made.
 * Nothing is sent before the tracker's capture decision (held), and nothing at all for a session
 * left out (its queue discarded).
 */

export interface BatchHead {
  sessionId: string;
  url: string;
  userId: string | null;
  metadata: Record<string, string>;
  trackerVersion: string;
}

export interface TransportOptions {
  ingestPoint: string;
  projectKey: string;
  maxQueue: number;
  flushMs: number;
  head: () => BatchHead;
}

/** The agent's limit on a body once unpacked (ingest.ts MAX_EVENTS_BODY), less room for the head. */
const MAX_BODY = 1024 * 1024 - 16 * 1024;
const MAX_EVENTS = 2000;
/** A request the page's unload must not cancel can carry only this much (fetch keepalive's quota). */
const KEEPALIVE_MAX = 60 * 1024;
const MAX_PAUSE_MS = 60_000;

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

async function gzip(text: string): Promise<ArrayBuffer | null> {
  if (typeof CompressionStream === 'undefined') return null;
  try {
    return await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
  } catch {
    return null;
  }
}

export class Transport {
  private queue: unknown[] = [];
  private dropped = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sending = false;
  private pauseUntil = 0;
  private pauseMs = 0;
  /** Until the capture decision (tracker.ts): events are queued, nothing is sent. */
  private held = true;
  private readonly options: TransportOptions;

  constructor(options: TransportOptions) {
    this.options = options;
  }

  push(event: unknown): void {
    if (this.queue.length >= this.options.maxQueue) this.dropped++;
    else this.queue.push(event);
    this.schedule(this.options.flushMs);
  }

  /** The session is recorded: what is queued may go. */
  release(): void {
    if (!this.held) return;
    this.held = false;
    if (this.queue.length > 0) this.schedule(this.options.flushMs);
  }

  /** The session is left out: what was queued goes nowhere. */
  discard(): void {
    this.queue = [];
    this.dropped = 0;
  }

  /** Events waiting and events dropped so far (for tests and the page's own checks). */
  get pending(): { queued: number; dropped: number } {
    return { queued: this.queue.length, dropped: this.dropped };
  }

  private schedule(ms: number): void {
    if (this.timer === null && !this.held) this.timer = setTimeout(() => void this.flush(), ms);
  }

  /** The next batch's events and body: as many as fit under the agent's limit; one event alone past it is dropped. */
  private take(): { events: unknown[]; json: string } | null {
    let count = Math.min(this.queue.length, MAX_EVENTS);
    while (count > 0) {
      const head = this.options.head();
      const metadata = Object.keys(head.metadata).length > 0 ? head.metadata : undefined;
      const json = JSON.stringify({ ...head, userId: head.userId ?? undefined, metadata, events: this.queue.slice(0, count), dropped: this.dropped || undefined });
      if (json.length <= MAX_BODY) return { events: this.queue.splice(0, count), json };
      if (count === 1) {
        this.queue.shift();
        this.dropped++;
        count = Math.min(this.queue.length, MAX_EVENTS);
      } else count = Math.ceil(count / 2);
    }
    return null;
  }

  /** Sends what is queued. `leaving`: the page is going away, so plain JSON now (no await before fetch) with keepalive. */
  async flush(leaving = false): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.held || this.sending || this.queue.length === 0) return;
    const wait = this.pauseUntil - Date.now();
    if (wait > 0 && !leaving) return this.schedule(wait);
    const batch = this.take();
    if (!batch) return;
    const droppedSent = this.dropped;
    this.sending = true;
    try {
      const body = leaving ? null : await gzip(batch.json);
      const answer = await fetch(this.options.ingestPoint, {
        method: 'POST',
        mode: 'cors',
        credentials: 'omit',
        keepalive: leaving && batch.json.length < KEEPALIVE_MAX,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${this.options.projectKey}`, ...(body ? { 'Content-Encoding': 'gzip' } : {}) },
        body: body ?? batch.json,
      });
      if (answer.status === 429 || answer.status >= 500) this.retry(batch.events, retryAfterMs(answer.headers.get('Retry-After'), Date.now()));
      else {
        // Taken (2xx), or refused for good (400, 401, 403, 413): either way not sent again; the count it carried is done.
        this.dropped -= droppedSent;
        if (!answer.ok) this.dropped += batch.events.length;
        this.pauseMs = 0;
      }
    } catch {
      this.retry(batch.events, null);
    } finally {
      this.sending = false;
    }
    if (this.queue.length > 0) this.schedule(Math.max(this.options.flushMs, this.pauseUntil - Date.now()));
  }

  /** The batch goes back to the queue's front (what no longer fits is counted as dropped), and sending pauses. */
  private retry(events: unknown[], afterMs: number | null): void {
    const room = Math.max(0, this.options.maxQueue - this.queue.length);
    this.dropped += Math.max(0, events.length - room);
    this.queue.unshift(...events.slice(0, room));
    this.pauseMs = afterMs ?? Math.min(MAX_PAUSE_MS, this.pauseMs === 0 ? 1000 : this.pauseMs * 2);
    this.pauseUntil = Date.now() + this.pauseMs;
  }
}
