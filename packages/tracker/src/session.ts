/**
 * One session per visit: its id is kept in sessionStorage, which lives as long as the tab and
 * survives a reload and every page of the same origin, and is not shared with other tabs. Where
 * sessionStorage is refused (a sandboxed frame, some private modes) each page starts its own.
 */
export const SESSION_KEY = 'replay_tracker_session';

function newSessionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

export function sessionIdOfVisit(): string {
  try {
    const kept = sessionStorage.getItem(SESSION_KEY);
    if (kept && /^[A-Za-z0-9_-]{1,64}$/.test(kept)) return kept;
    const made = newSessionId();
    sessionStorage.setItem(SESSION_KEY, made);
    return made;
  } catch {
    return newSessionId();
  }
}
