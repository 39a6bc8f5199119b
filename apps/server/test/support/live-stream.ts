import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';

/**
 * A client of the live status stream, as the SPA is one: fetch with the bearer
 * token (never EventSource, which cannot send it), parsed by eventsource-parser.
 * `next(match)` resolves with the next message that matches, `ended` when the
 * server ends the stream.
 */
export interface LiveStreamClient {
  status: number;
  contentType: string | null;
  /** Every message received so far, in order. */
  received: EventSourceMessage[];
  next(match?: (m: EventSourceMessage) => boolean): Promise<EventSourceMessage>;
  ended: Promise<void>;
  close(): void;
}

export async function openLiveStream(baseUrl: string, jwt: string, lastEventId?: string): Promise<LiveStreamClient> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/managed-saas/instances/events`, {
    headers: { authorization: `Bearer ${jwt}`, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: abort.signal,
  });
  const received: EventSourceMessage[] = [];
  const waiting: { match: (m: EventSourceMessage) => boolean; from: number; resolve: (m: EventSourceMessage) => void; reject: (e: Error) => void }[] = [];
  let read = 0;
  let done = false;
  const settle = () => {
    for (const w of [...waiting]) {
      const found = received.slice(w.from).find(w.match);
      if (found) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(found);
      } else if (done) {
        waiting.splice(waiting.indexOf(w), 1);
        w.reject(new Error(`the stream ended without the message waited for; received ${JSON.stringify(received)}`));
      }
    }
  };
  const ended = (async () => {
    if (!res.ok || !res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
    try {
      for (;;) {
        const { value, done: over } = await reader.read();
        if (over) break;
        received.push(value);
        settle();
      }
    } catch {
      // Closed by us.
    } finally {
      done = true;
      settle();
    }
  })();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    received,
    next(match = () => true) {
      const from = read;
      return new Promise<EventSourceMessage>((resolve, reject) => {
        waiting.push({
          match,
          from,
          resolve: (m) => {
            read = received.indexOf(m) + 1;
            resolve(m);
          },
          reject,
        });
        settle();
      });
    },
    ended,
    close: () => abort.abort(),
  };
}
