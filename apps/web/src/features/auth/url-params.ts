import { STORAGE_KEYS, readStored, writeStored } from '../../lib/storage';

export interface SessionParams {
  /** A session token handed over in the URL (`?jwt=`), kept for the browser session. */
  jwt: string | null;
  /** Embedded in another page (`?iframe=true`): the console hides its header and menu. */
  iframe: boolean;
}

const truthy = (value: string | null) => value !== null && value !== 'false' && value !== '0';

/**
 * Reads `jwt` and `iframe` from the address, keeps them in sessionStorage for
 * the rest of the browser session, and takes the token out of the visible
 * address (so it is neither bookmarked nor remembered as a path).
 */
export function captureSessionParams(win: Window = window): SessionParams {
  const url = new URL(win.location.href);
  const jwt = url.searchParams.get('jwt');
  const iframe = url.searchParams.get('iframe');
  if (jwt) writeStored('session', STORAGE_KEYS.sessionJwt, jwt);
  if (iframe !== null) writeStored('session', STORAGE_KEYS.sessionIframe, truthy(iframe) ? '1' : null);
  if (jwt !== null) {
    url.searchParams.delete('jwt');
    win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  return readSessionParams();
}

export function readSessionParams(): SessionParams {
  return {
    jwt: readStored('session', STORAGE_KEYS.sessionJwt),
    iframe: readStored('session', STORAGE_KEYS.sessionIframe) === '1',
  };
}

/** A handed-over token ends with the session it opened (logout, or no longer valid). */
export function forgetSessionJwt(): void {
  writeStored('session', STORAGE_KEYS.sessionJwt, null);
}
