import { SESSION_HINT_COOKIE } from '@replay/contracts';

/**
 * Whether the server's session hint is there (SESSION_HINT_COOKIE, set and cleared with
 * the httpOnly refresh cookie): only then can a refresh call open a session. Without it
 * the visit has no session, which is not an error: no call is made.
 */
export function hasSessionHint(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((cookie) => cookie.trim() === `${SESSION_HINT_COOKIE}=1`);
}
