import type { Db } from '../../../db/client';
import { positionCommittedEvents } from '../../../events/fan-out';
import type { CommitSignals } from '../../../lib/commit-signals';
import type { Logger } from '../../../lib/logger';
import type { InstanceRow } from '../core/instances.repo';
import { liveStatusRepo, type PositionedChange } from './live-status.repo';

/** One open stream, as the hub sees it: the account it belongs to and where its changes go. */
export interface LiveSubscriber {
  tenantId: string;
  /** This account's changes, in position order, and the instances they name as they are now. */
  offer(changes: readonly PositionedChange[], now: ReadonlyMap<string, InstanceRow>): void;
  /** Ends the stream (the process is shutting down). */
  close(): void;
}

/** The outbox queue domain events notify on (jobs/kernel-outboxes.ts). */
const DOMAIN_EVENTS_QUEUE = 'domain-events';
const BATCH = 500;

/**
 * The live status streams of one console process. It reads each commit's
 * changes once for every stream: the relay's listening connection tells it
 * that domain events committed (on any process: PostgreSQL's NOTIFY; PGlite's
 * own listener embedded), it gives them their positions (the fan-out's pass,
 * which any process may run) and reads every instance change past the last
 * one it read, with the instances as they now are, and hands each account's
 * to that account's streams. The streams judge, message by message, what
 * their caller may see. Reading starts with the first stream and then follows
 * every commit; one read at a time, a commit during it makes one more.
 */
export function createLiveStatusHub(deps: { db: Db; commits: CommitSignals; logger: Pick<Logger, 'error'> }) {
  const repo = liveStatusRepo(deps.db);
  const byTenant = new Map<string, Set<LiveSubscriber>>();
  /** The last position read (a promise until the first read of it). */
  let readUpTo: Promise<number> | null = null;
  let listening = false;
  let current: Promise<void> | null = null;
  let again = false;

  async function readOnce(): Promise<void> {
    await positionCommittedEvents(deps.db);
    let after = await readUpTo!;
    for (;;) {
      const changes = await repo.changesAfter(after, BATCH);
      if (changes.length === 0) break;
      after = changes.at(-1)!.position;
      readUpTo = Promise.resolve(after);
      const listened = changes.filter((c) => byTenant.has(c.tenantId));
      const now = await repo.instancesNow([...new Set(listened.flatMap((c) => (c.instanceId ? [c.instanceId] : [])))]);
      const perTenant = new Map<string, PositionedChange[]>();
      for (const c of listened) perTenant.set(c.tenantId, [...(perTenant.get(c.tenantId) ?? []), c]);
      for (const [tenantId, ofTenant] of perTenant) {
        for (const subscriber of byTenant.get(tenantId) ?? []) subscriber.offer(ofTenant, now);
      }
      if (changes.length < BATCH) break;
    }
  }

  function read(): Promise<void> {
    if (current) {
      again = true;
      return current;
    }
    current = (async () => {
      try {
        do {
          again = false;
          await readOnce().catch((err: unknown) => deps.logger.error({ err }, 'live status: reading the changes failed; the next commit reads them'));
        } while (again);
      } finally {
        current = null;
      }
    })();
    return current;
  }

  return {
    /**
     * Adds a stream; resolves once the hub reads for it, so that every change
     * positioned after this resolves reaches it (the stream reads what came
     * before from the database itself: its replay).
     */
    async add(subscriber: LiveSubscriber): Promise<void> {
      if (!listening) {
        listening = true;
        deps.commits.subscribe((queue) => {
          if (readUpTo && (queue === null || queue === DOMAIN_EVENTS_QUEUE)) void read();
        });
      }
      if (!readUpTo) {
        const start = repo.positionRange().then((r) => r.newest);
        readUpTo = start;
        // A failed start is tried again by the next stream (this one's request fails).
        start.catch(() => {
          if (readUpTo === start) readUpTo = null;
        });
      }
      await readUpTo;
      let set = byTenant.get(subscriber.tenantId);
      if (!set) byTenant.set(subscriber.tenantId, (set = new Set()));
      set.add(subscriber);
    },
    remove(subscriber: LiveSubscriber): void {
      const set = byTenant.get(subscriber.tenantId);
      set?.delete(subscriber);
      if (set?.size === 0) byTenant.delete(subscriber.tenantId);
    },
    /** Reads now (tests; a drain). */
    read,
    /** Ends every stream: the process is leaving (its clients reconnect to another with Last-Event-ID). */
    closeAll(): void {
      for (const set of byTenant.values()) for (const subscriber of set) subscriber.close();
    },
    get size(): number {
      let n = 0;
      for (const set of byTenant.values()) n += set.size;
      return n;
    },
  };
}
export type LiveStatusHub = ReturnType<typeof createLiveStatusHub>;
