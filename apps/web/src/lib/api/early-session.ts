/**
 * The session opened by a signed-in page's loader (load-after-paint.js, `data-open-session`):
 * that page is served only to a visit with the session hint, so its loader sends the refresh
 * call with the page, while the app's code loads, and leaves the answer here. The app's first
 * refresh takes it instead of asking again (lib/api/client.ts): the token is there when the
 * app has run, one round trip sooner.
 */

/** The Web Lock every refresh takes, the loader's too: tabs share the single-use cookie. */
export const REFRESH_LOCK = 'console-token-refresh';

/** Where the loader leaves the answer (a promise of it; null when the call got no answer). */
export const EARLY_SESSION_GLOBAL = '__consoleSessionOpening';

export interface EarlyAnswer {
  status: number;
  text: string;
}

/** The loader's answer, once: a later refresh presents the cookie that answer set. */
export function takeEarlySessionAnswer(scope: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): Promise<EarlyAnswer | null> | undefined {
  const answer = scope[EARLY_SESSION_GLOBAL] as Promise<EarlyAnswer | null> | undefined;
  delete scope[EARLY_SESSION_GLOBAL];
  return answer;
}

/**
 * Where the loader leaves the first reads of a signed-in page, sent as soon as the session's
 * token is there (`data-session-reads`: every signed-in screen's, the account; and
 * `data-screen-reads`: the screen's own first data, for an address without a query, which
 * asks for its default view): API path → a promise of the answer and the token it was sent
 * with (null when it was not sent). The data then travels while the app's code loads, not
 * after it has run. Public reads (`data-public-reads`) leave at once, with no token.
 */
export const EARLY_READS_GLOBAL = '__consoleEarlyReads';

export interface EarlyRead {
  /** null: a public read, sent without one. */
  token: string | null;
  response: Response;
}

/**
 * Past this time after the page's start, the reads the app has not taken are dropped (the app
 * asks again): they are the page's first view, never an answer kept for later.
 */
export const EARLY_READ_USE_WITHIN_MS = 15_000;

type Scope = Record<string, unknown>;
const globalScope = () => globalThis as unknown as Scope;

/**
 * The loader's read of `url` (the API path with its query), once, when it was sent with
 * `token`, the token this call would send (none, for a public call); null otherwise (at once,
 * without waiting: most calls have none), and the caller sends its own.
 */
export function takeEarlyRead(url: string, token: string | null, scope: Scope = globalScope(), now: number = performance.now()): Promise<Response | null> | null {
  const reads = scope[EARLY_READS_GLOBAL] as Record<string, Promise<EarlyRead | null> | undefined> | undefined;
  if (!reads) return null;
  if (now > EARLY_READ_USE_WITHIN_MS) {
    dropEarlyReads(scope);
    return null;
  }
  const read = reads[url];
  if (!read) return null;
  delete reads[url];
  return read.then(
    (answer) => (answer && answer.token === token ? answer.response : null),
    () => null,
  );
}

/** Forgets the reads not taken, and the token they went with (the session ended, or the page's start is over). */
export function dropEarlyReads(scope: Scope = globalScope()): void {
  delete scope[EARLY_READS_GLOBAL];
}
