/**
 * The Web Lock every refresh of the access token takes, in any tab: the refresh cookie is
 * single use, so the refreshes take turns and each sends the cookie the previous one got.
 */
export const REFRESH_LOCK = 'console-token-refresh';

/** What early-session.js (apps/web/page-scripts, before the module entry in index.html) leaves on window. */
interface EarlyRefresh {
  status: number;
  body: string;
}
declare global {
  interface Window {
    __consoleEarlyRefresh?: Promise<EarlyRefresh>;
  }
}

/**
 * The refresh the page's early-session script started before the app's code had arrived,
 * as the answer it got; once per page load (the next refresh is the app's own), and null
 * when there was none (no session hint, a handed-over token, or taken already).
 */
export function takeEarlyRefresh(): Promise<Response> | null {
  const early = typeof window === 'undefined' ? undefined : window.__consoleEarlyRefresh;
  if (!early) return null;
  delete window.__consoleEarlyRefresh;
  return early.then(({ status, body }) => new Response(body || null, { status, headers: { 'content-type': 'application/json' } }));
}
