import { sha256 } from '@noble/hashes/sha2.js';
import { matchingCondition, sampledIn, trackerUserDigest, type CaptureCondition } from '@replay/agent-protocol/plain';

/**
 * Whether this visit is recorded, decided in the browser by the instance's own rule
 * (agent-protocol's capture-rule.ts; the instance checks every batch again): a session the
 * capture rate leaves out sends nothing, until a condition set matches its page or its user;
 * from then on the visit is recorded on every page (remembered in sessionStorage).
 */

export interface TrackerCapture {
  rate: number;
  /** Each user id as the instance sends it: its trackerUserDigest. */
  conditions: CaptureCondition[];
}

/** What applies when the instance's settings cannot be read: every session is sent, and the instance decides per batch. */
export const CAPTURE_ALL: TrackerCapture = { rate: 100, conditions: [] };

const CAPTURED_KEY = 'replay_tracker_captured';
const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

/** The answer's `capture`, read leniently: a part that cannot be read counts as "record". */
export function readCapture(value: unknown): TrackerCapture {
  const read = (value ?? {}) as { rate?: unknown; conditions?: unknown };
  const rate = typeof read.rate === 'number' && read.rate >= 0 && read.rate <= 100 ? read.rate : 100;
  const sets = Array.isArray(read.conditions) ? (read.conditions as { urlPath?: unknown; userId?: unknown }[]) : [];
  return { rate, conditions: sets.filter((s) => s && typeof s === 'object').map((s) => ({ urlPath: text(s.urlPath), userId: text(s.userId) })) };
}

function capturedBefore(sessionId: string): boolean {
  try {
    return sessionStorage.getItem(CAPTURED_KEY) === sessionId;
  } catch {
    return false;
  }
}

/** The visit's later pages record from their start. */
export function rememberCaptured(sessionId: string): void {
  try {
    sessionStorage.setItem(CAPTURED_KEY, sessionId);
  } catch {
    // This page only.
  }
}

/** Whether the session is recorded from now: remembered, sampled in, or a condition set matches. */
export function wantsRecording(sessionId: string, capture: TrackerCapture, url: string, userId: string | null): boolean {
  if (capturedBefore(sessionId) || sampledIn(sessionId, capture.rate, sha256)) return true;
  const user = userId === null ? null : trackerUserDigest(userId, sha256);
  return matchingCondition(capture.conditions, url, user) !== null;
}
