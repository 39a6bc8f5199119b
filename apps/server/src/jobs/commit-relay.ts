import { sql } from 'drizzle-orm';
import { domainEvents } from '../db/schema';
import type { AppContext } from '../platform/context';
import { listenForCommits } from './commit-listener';
import type { BuiltServices, CommitOutbox, JobDefinition, Schedule } from '../platform/job-types';
import { wakeWorkers } from './wake';

/** How often the sweep looks at every outbox, across all console processes together. */
export const OUTBOX_SWEEP_SECONDS = 10;

/**
 * One delivery of an outbox at a time in this process: a request for one
 * while it runs makes it run once more after, and resolves then. Jobs, kicks
 * without a job queue and tests' drains all go through here, so a drain that
 * resolves has seen everything committed before it was asked.
 */
const runners = new WeakMap<AppContext, Map<string, () => Promise<void>>>();

function runnerOf(ctx: AppContext, outbox: CommitOutbox, services: BuiltServices): () => Promise<void> {
  let byQueue = runners.get(ctx);
  if (!byQueue) runners.set(ctx, (byQueue = new Map()));
  let run = byQueue.get(outbox.queue);
  if (!run) {
    let current: Promise<void> | null = null;
    let again = false;
    const loop = async () => {
      try {
        do {
          again = false;
          await outbox.deliver(ctx, services);
        } while (again);
      } finally {
        current = null;
      }
    };
    run = () => {
      if (current) again = true;
      else current = loop();
      return current;
    };
    byQueue.set(outbox.queue, run);
  }
  return run;
}

/** Delivers an outbox now, in this process; resolves once a full delivery started after the call is done. */
export const deliverNow = (ctx: AppContext, outbox: CommitOutbox, services: BuiltServices): Promise<void> => runnerOf(ctx, outbox, services)();

/** The job that delivers an outbox: sent at each commit and by the sweep; at most one waits at a time. */
export function outboxJob(outbox: CommitOutbox): JobDefinition {
  return {
    queue: outbox.queue,
    // A failed run is simply the next kick's or sweep's job: no retries of its own.
    queueOptions: { policy: 'short', retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 3600 },
    // Every process hears each commit and wakes its own worker, so polling only finds the
    // sweeps' jobs: a slow poll keeps two more workers from sharing PGlite's one connection
    // with the instance workflow's twice a second.
    workOptions: { pollingIntervalSeconds: 5 },
    async handle(ctx, _data, _attempt, services) {
      await deliverNow(ctx, outbox, services);
      await outbox.tidy?.(ctx);
    },
  };
}

export const outboxSweep = (outbox: CommitOutbox): Schedule => ({ queue: outbox.queue, everySeconds: OUTBOX_SWEEP_SECONDS });

/** A drain's passes are bounded: outboxes that kept emitting events forever would be a bug, not a reason to hang. */
const MAX_DRAIN_PASSES = 5;

async function eventCount(ctx: AppContext): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(domainEvents);
  return row?.n ?? 0;
}

export interface CommitRelay {
  /** Delivers every outbox in this process until nothing committed before the call is left (tests read after it). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts delivery at each commit. With a job queue a commit sends the
 * outbox's job (and wakes this process's worker for it); without one
 * (RUN_WORKERS=false) the outbox is delivered here, after the commit, off the
 * request. Every outbox is kicked once at start, for what a process that died
 * after its commit left behind.
 */
export async function startCommitRelay(ctx: AppContext, outboxes: readonly CommitOutbox[], services: BuiltServices): Promise<CommitRelay> {
  const inFlight = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  const kick = (outbox: CommitOutbox) => {
    if (outbox.active && !outbox.active(ctx)) return;
    const boss = ctx.boss;
    const work = boss ? boss.send(outbox.queue, {}).then(() => wakeWorkers(boss, outbox.queue)) : deliverNow(ctx, outbox, services);
    track(work.catch((err: unknown) => ctx.logger.error({ err, queue: outbox.queue }, 'outbox delivery could not start; the sweep retries')));
  };
  const stopListening = await listenForCommits(
    ctx.database,
    (queue) => {
      outboxes.filter((o) => queue === null || o.queue === queue).forEach(kick);
      // The same notice, to the process's other listeners (live status streams): no second connection.
      ctx.commits.publish(queue);
    },
    ctx.logger,
  );
  outboxes.forEach(kick);
  return {
    async drain() {
      // Outboxes feed each other (a webhook's last failed delivery emits webhook.disabled, which the
      // notifications then consume): passes until one pass commits no new event.
      for (let pass = 0; pass < MAX_DRAIN_PASSES; pass++) {
        const before = await eventCount(ctx);
        for (const outbox of outboxes) await deliverNow(ctx, outbox, services);
        if ((await eventCount(ctx)) === before) return;
      }
    },
    async stop() {
      await stopListening();
      await Promise.all(inFlight);
    },
  };
}
