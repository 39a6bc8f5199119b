import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../lib/context';
import { registerWorker } from './wake';
import type { BackgroundWork, CommitOutbox, JobDefinition, Schedule, StartupTask } from './job-types';
import { outboxJob, outboxSweep } from './commit-relay';
import { domainEventsOutbox } from '../events/events.jobs';
import { mailDeliveryOutbox } from '../mail/mail.jobs';

/**
 * The kernel's own outboxes, delivered before any module's: domain events first, since their
 * consumers may queue mail and webhook deliveries.
 */
const KERNEL_OUTBOXES: readonly CommitOutbox[] = [domainEventsOutbox, mailDeliveryOutbox];

/** Every table written in a change's transaction and delivered after its commit: the kernel's, then the modules'. */
export const commitOutboxesOf = (work: BackgroundWork): CommitOutbox[] => [...KERNEL_OUTBOXES, ...work.outboxes];

/** The queues the workers serve and the schedules they offer: the modules' own, and each outbox's delivery and sweep. */
export function queuesOf(work: BackgroundWork): { jobs: JobDefinition[]; schedules: Schedule[]; startupTasks: readonly StartupTask[] } {
  const outboxes = commitOutboxesOf(work);
  return {
    jobs: [...work.jobs, ...outboxes.map(outboxJob)],
    schedules: [...work.schedules, ...outboxes.map(outboxSweep)],
    startupTasks: work.startupTasks,
  };
}

/**
 * Offers a schedule's job for the current slot: the first offer of a slot,
 * from any process, is sent; every other is refused by the slot's unique
 * claim (pg-boss `singleton_on`) and resolves to null.
 */
export function offerScheduled(boss: PgBoss, s: Schedule): Promise<string | null> {
  return boss.sendThrottled(s.queue, {}, null, s.everySeconds, 'schedule');
}

/**
 * Every job beats while it runs (pg-boss refreshes it at half this period): a job whose process
 * died stops beating and is retried by another process (jobs/boss.ts supervises every 5 s on
 * PostgreSQL), so a workflow step, a scheduled round or a delivery is taken over within seconds
 * instead of at its expiry. 10 s is pg-boss's least.
 */
export const JOB_HEARTBEAT_SECONDS = 10;

/** Creates the queues, runs the start-up tasks, then starts the workers and schedules; returns what stops the schedules. */
export async function startWorkers(ctx: AppContext, work: BackgroundWork): Promise<() => void> {
  const boss = ctx.boss;
  if (!boss) return () => undefined;
  const { jobs: jobDefinitions, schedules, startupTasks } = queuesOf(work);
  for (const def of jobDefinitions) {
    const options = { heartbeatSeconds: JOB_HEARTBEAT_SECONDS, ...def.queueOptions };
    await boss.createQueue(def.queue, options);
    // createQueue leaves an existing queue as it was: a heartbeat added in a later release must reach it too.
    await boss.updateQueue(def.queue, { heartbeatSeconds: options.heartbeatSeconds });
  }
  for (const task of startupTasks) await task.run(ctx);
  for (const def of jobDefinitions) {
    const workerId = await boss.work(
      def.queue,
      { pollingIntervalSeconds: def.workOptions?.pollingIntervalSeconds ?? 0.5, includeMetadata: true, localConcurrency: def.workOptions?.localConcurrency ?? 1 },
      async (jobs) => {
        for (const job of jobs) {
          await def.handle(ctx, job.data as object, { retryCount: job.retryCount, retryLimit: job.retryLimit, singletonOn: job.singletonOn });
        }
      },
    );
    registerWorker(boss, def.queue, workerId);
  }
  const timers = schedules.map((s) => {
    const tick = () => void offerScheduled(boss, s).catch((err: unknown) => ctx.logger.error({ err }, `could not schedule ${s.queue}`));
    tick();
    return setInterval(tick, (s.offerEverySeconds ?? s.everySeconds) * 1000);
  });
  return () => timers.forEach(clearInterval);
}
