/**
 * Which sessions are recorded: the one rule the tracker applies in the browser (to send nothing
 * for a session left out) and the agent enforces per batch (capture.ts). Plain code, no zod and no
 * node built-ins, because the tracker bundles it; each side brings its own SHA-256 (node's crypto
 * on the agent, @noble/hashes in the browser, where crypto.subtle is missing on plain-http pages).
 *
 * - Capture rate: a session is kept when the first 32 bits of the SHA-256 of its id (UTF-8), read
 *   as a fraction of 2^32, fall under `rate` percent. The same id gets the same answer on every
 *   page, batch and agent, so a session is recorded or left out as a whole (0 keeps none, 100 all).
 * - Condition sets: a set names a page path prefix (`urlPath`), a user id, or both, and matches
 *   when everything it names matches; from then on the session is recorded.
 */

export type Sha256 = (bytes: Uint8Array) => Uint8Array;

/** Where a session's id falls, from 0 (inclusive) to 100 (exclusive). */
export function sessionPercentile(sessionId: string, sha256: Sha256): number {
  const digest = sha256(new TextEncoder().encode(sessionId));
  const first = ((digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]!) >>> 0;
  return (first / 2 ** 32) * 100;
}

/** Whether the capture rate keeps the session. */
export const sampledIn = (sessionId: string, rate: number, sha256: Sha256): boolean => sessionPercentile(sessionId, sha256) < rate;

/** A condition set as the rule reads it; `userId` is compared as given (the tracker compares digests, see trackerUserDigest). */
export interface CaptureCondition {
  urlPath: string | null;
  userId: string | null;
}

/** The path of a page's URL (or of a path as given); null when none can be read. */
export function pagePath(url: string | null): string | null {
  if (url === null) return null;
  try {
    return new URL(url, 'http://page.invalid').pathname;
  } catch {
    return null;
  }
}

/** The first set that the page and user match, or null. */
export function matchingCondition<T extends CaptureCondition>(conditions: readonly T[], url: string | null, userId: string | null): T | null {
  const path = pagePath(url);
  for (const set of conditions) {
    const pathMatches = set.urlPath === null || (path !== null && path.startsWith(set.urlPath));
    const userMatches = set.userId === null || userId === set.userId;
    if (pathMatches && userMatches) return set;
  }
  return null;
}

/**
 * How a condition's user id travels to trackers (`GET /api/tracker-config`, readable by anyone
 * holding the page's project key): as the hex SHA-256 of `replay-capture:` and the id, never the
 * id itself; the tracker hashes its user the same way before it compares.
 */
export function trackerUserDigest(userId: string, sha256: Sha256): string {
  return Array.from(sha256(new TextEncoder().encode(`replay-capture:${userId}`)), (b) => b.toString(16).padStart(2, '0')).join('');
}
