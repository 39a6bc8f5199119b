import { API_PREFIX, endpointPath, type Endpoint } from '@replay/contracts';
import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';
import { refreshAccessToken, usableToken } from './client';

export type { EventSourceMessage };

export interface EventStreamOptions {
  /** Sent as `Last-Event-ID`: the server replays what came after it. */
  lastEventId: string | null;
  signal: AbortSignal;
  /** The stream answered 200 and is open. */
  onOpen(): void;
  onMessage(message: EventSourceMessage): void;
}

/** Why a stream stopped: the server ended it, it could not be opened (`status`, 0 for no answer), or it was aborted. */
export type EventStreamEnd = { kind: 'ended' } | { kind: 'refused'; status: number } | { kind: 'aborted' };

/**
 * Reads a Server-Sent Events endpoint of the contracts (`eventStream`) with
 * fetch, not EventSource: the access token goes in the Authorization header
 * as on every call (EventSource cannot send it), renewed first when near its
 * expiry and once more after a 401. Messages are parsed by eventsource-parser.
 * Resolves when the stream stops; reconnecting is the caller's choice.
 */
export async function readEventStream(endpoint: Endpoint, opts: EventStreamOptions): Promise<EventStreamEnd> {
  const open = async (token: string | null) =>
    fetch(`${API_PREFIX}${endpointPath(endpoint)}`, {
      headers: {
        accept: 'text/event-stream',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(opts.lastEventId ? { 'last-event-id': opts.lastEventId } : {}),
      },
      credentials: 'same-origin',
      cache: 'no-store',
      signal: opts.signal,
    });
  try {
    let res = await open(await usableToken());
    if (res.status === 401) {
      const renewed = await refreshAccessToken();
      if (renewed) res = await open(renewed);
    }
    if (!res.ok || !res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
      await res.body?.cancel().catch(() => undefined);
      return { kind: 'refused', status: res.status };
    }
    opts.onOpen();
    const reader = res.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { kind: 'ended' };
      opts.onMessage(value);
    }
  } catch {
    // No answer, or the connection was cut while reading.
    if (opts.signal.aborted) return { kind: 'aborted' };
    return { kind: 'refused', status: 0 };
  }
}
