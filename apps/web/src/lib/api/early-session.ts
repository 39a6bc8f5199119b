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
