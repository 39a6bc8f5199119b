import { LIVE_POSITION_HEADER, liveStatusHeadersSchema } from '@replay/contracts';

/**
 * Where the live status stream can start without reading the list again: the position the
 * latest instances list is as of (its `live-position` header). The list's read records itself
 * here while it is under way, and the stream's first connection waits for it and asks to be
 * replayed from there, so a signed-in visit reads the list once, not once more when its stream
 * opens. Its own module: the list's call (api.ts) and the stream (live-status.ts) both use it.
 */

let noted: number | null = null;
/** Every list read under way (two pages may load at once): the stream waits for all of them. */
const pending = new Set<Promise<unknown>>();
/** A position is what the stream takes as Last-Event-ID: the contracts' one rule for it. */
const positionRule = liveStatusHeadersSchema.shape['last-event-id'];

function readPosition(headers: Headers): void {
  const text = headers.get(LIVE_POSITION_HEADER);
  // The oldest page read since the stream closed: a replay from there brings every list up to date.
  if (text && positionRule.safeParse(text).success) noted = Math.min(noted ?? Infinity, Number(text));
}

/** Wraps a list read: its answer's position is noted, and the stream can wait for it while it runs. */
export function trackListRead<T>(read: (onHeaders: (headers: Headers) => void) => Promise<T>): Promise<T> {
  const running = read(readPosition);
  pending.add(running);
  const done = () => void pending.delete(running);
  running.then(done, done);
  return running;
}

/**
 * The position to open the stream from: once the list reads under way, if any, have answered
 * (null when no list was read since the stream last closed, or the read failed without one).
 */
export async function listPosition(): Promise<number | null> {
  await Promise.allSettled([...pending]);
  return noted;
}

/** The stream closed: the lists it kept up to date no longer are (live-status.ts marks them stale), and positions noted before stand for nothing. */
export function forgetListPosition(): void {
  noted = null;
}
