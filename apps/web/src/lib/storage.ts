/**
 * Browser storage that never throws (private mode, disabled storage): a read
 * gives null and a write is dropped. Every key the console keeps is listed here.
 */
export const STORAGE_KEYS = {
  /** localStorage: last path + query visited before signing in. */
  lastPath: 'console.lastPath',
  /** localStorage: '1' when the user collapsed the left menu, '0' when they expanded it. */
  menuCollapsed: 'console.menuCollapsed',
  /** sessionStorage: the jwt URL parameter, kept for the browser session. */
  sessionJwt: 'console.session.jwt',
  /** sessionStorage: the iframe URL parameter, kept for the browser session. */
  sessionIframe: 'console.session.iframe',
  /** localStorage: the account's getting-started checklist once completed (`<prefix>.<tenantId>`), so it is never asked for again. */
  gettingStarted: 'console.gettingStarted',
  /** sessionStorage: '1' from a sign-up until the new account's first instance opens its getting-started steps (the spec's `onboarding`). */
  onboarding: 'console.session.onboarding',
  /** sessionStorage only, never localStorage: the operator token the operators' support screen sends (docs/decisions/web.md, "operators' support screen"). */
  operatorToken: 'console.session.operatorToken',
} as const;

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStored(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(which: Area, key: string, value: string | null): void {
  try {
    const store = area(which);
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Storage full or disabled: the value is simply not kept.
  }
}
