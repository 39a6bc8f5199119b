/**
 * The commits this process hears of (jobs/commit-listener.ts: one listening
 * connection per process on PostgreSQL, PGlite's own listener embedded),
 * handed to whoever in the process wants them besides the outbox relay: the
 * live status streams (modules/instances/live-status/live-status.hub.ts). `queue` names
 * the outbox that committed (null: a notice may have been missed, look at
 * everything). It imports nothing, so it sits in lib/: the app's context names it,
 * and the relay in jobs/ publishes through it.
 */
export interface CommitSignals {
  subscribe(listener: (queue: string | null) => void): () => void;
  publish(queue: string | null): void;
}

export function commitSignals(): CommitSignals {
  const listeners = new Set<(queue: string | null) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish(queue) {
      for (const listener of listeners) listener(queue);
    },
  };
}
