import { createHash } from 'node:crypto';
import type { CaptureConfig, TrackerConfigAnswer } from '@replay/agent-protocol';
import { matchingCondition, sessionPercentile as sharedPercentile, trackerUserDigest, type Sha256 } from '@replay/agent-protocol/plain';

/**
 * Which sessions this instance records (the account's session settings, pushed by the
 * console's config step), by the rule trackers apply too (agent-protocol's capture-rule.ts):
 * the tracker sends nothing for a session left out, and this check enforces it. A session is
 * kept when a hash of its id falls under the capture rate: the same id always gets the same answer, on every batch and every agent, so a session
 * is recorded or left out as a whole (rate 0 keeps none, 100 keeps all). A condition set
 * catches the sessions a member wants whatever the rate: it names a page path prefix, a user
 * id, or both, and matches a batch when everything it names matches; from the first batch a
 * set matches, the session is recorded (its later batches too, as it is remembered).
 */

export const RECORD_ALL: CaptureConfig = { rate: 100, conditions: [] };

/** node's SHA-256, for the shared rule (capture-rule.ts), which the tracker applies with its own. */
export const nodeSha256: Sha256 = (bytes) => createHash('sha256').update(bytes).digest();

/** Where a session's id falls, from 0 (inclusive) to 100 (exclusive): the first 32 bits of its SHA-256. */
export const sessionPercentile = (sessionId: string): number => sharedPercentile(sessionId, nodeSha256);

/** What a batch tells about its page and user, for the condition sets. */
export interface BatchContext {
  /** The page's URL or path, as the tracker sends it. */
  url: string | null;
  userId: string | null;
}

export function matchingSet(capture: CaptureConfig, batch: BatchContext): string | null {
  return matchingCondition(capture.conditions, batch.url, batch.userId)?.name ?? null;
}

/** The capture settings as trackers read them: condition user ids as digests, no set names. */
export function trackerCapture(capture: CaptureConfig | undefined): TrackerConfigAnswer['capture'] {
  const config = capture ?? RECORD_ALL;
  return {
    rate: config.rate,
    conditions: config.conditions.map((set) => ({ urlPath: set.urlPath, userId: set.userId === null ? null : trackerUserDigest(set.userId, nodeSha256) })),
  };
}

/** Sessions remembered per process (kept ones, so later batches follow their first; counted ones, for the stats). */
const REMEMBERED = 100_000;

/** The decision per batch, and the counts the console's stats show. */
export class CaptureGate {
  private readonly kept = new Set<string>();
  private readonly dropped = new Set<string>();
  acceptedSessions = 0;
  sampledOutSessions = 0;

  /** Whether the batch is recorded; counts each session once, as recorded or as left out (a left-out one a set catches later moves over). */
  admit(capture: CaptureConfig | undefined, sessionId: string, batch: BatchContext): boolean {
    const keep = this.keeps(capture, sessionId, batch);
    if (keep && !this.kept.has(sessionId)) {
      remember(this.kept, sessionId);
      this.acceptedSessions++;
      if (this.dropped.delete(sessionId)) this.sampledOutSessions--;
    } else if (!keep && !this.dropped.has(sessionId)) {
      remember(this.dropped, sessionId);
      this.sampledOutSessions++;
    }
    return keep;
  }

  /**
   * Whether an error report of the session is kept: its session is recorded (kept here, or
   * indexed before this process started: `indexed`), its id falls under the rate, or its page
   * matches a path condition (an error report names no user). Counts nothing: the batches do.
   */
  records(capture: CaptureConfig | undefined, sessionId: string, url: string | null, indexed: () => boolean): boolean {
    return this.keeps(capture, sessionId, { url, userId: null }) || indexed();
  }

  /** The one rule for both: remembered as kept, under the rate, or caught by a condition set. */
  private keeps(capture: CaptureConfig | undefined, sessionId: string, batch: BatchContext): boolean {
    const config = capture ?? RECORD_ALL;
    return this.kept.has(sessionId) || sessionPercentile(sessionId) < config.rate || matchingSet(config, batch) !== null;
  }

  read(): { acceptedSessions: number; sampledOutSessions: number } {
    return { acceptedSessions: this.acceptedSessions, sampledOutSessions: this.sampledOutSessions };
  }
}

/** Insertion order is age: the oldest is forgotten first, so memory stays bounded. */
function remember(set: Set<string>, id: string): void {
  if (set.size >= REMEMBERED) set.delete(set.values().next().value as string);
  set.add(id);
}
