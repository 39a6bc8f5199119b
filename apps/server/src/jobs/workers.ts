import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../platform/context';
import { registerWorker } from './wake';
import type { BuiltServices, CommitOutbox, Schedule } from '../platform/job-types';
import { outboxJob, outboxSweep } from './commit-relay';
import { domainEventsOutbox, mailDeliveryOutbox } from './kernel-outboxes';
import type { ServerModule } from '../platform/server-module';

/** What the workers run for a list of modules: their jobs, schedules and start-up tasks, and every commit outbox's delivery. */
export function workOf(modules: readonly ServerModule<object, never>[]) {
  // Tables written in a change's transaction and delivered after its commit; domain events first, since their consumers may queue mail and webhook deliveries.
  const commitOutboxes: CommitOutbox[] = [domainEventsOutbox, mailDeliveryOutbox, ...modules.flatMap((m) => m.outboxes ?? [])];
  return {
    consumers: modules.flatMap((m) => m.consumers ?? []),
    commitOutboxes,
    jobDefinitions: [...modules.flatMap((m) => m.jobs ?? []), ...commitOutboxes.map(outboxJob)],
    startupTasks: modules.flatMap((m) => m.startupTasks ?? []),
    schedules: [...modules.flatMap((m) => m.schedules ?? []), ...commitOutboxes.map(outboxSweep)],
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
export async function startWorkers(ctx: AppContext, work: Pick<ReturnType<typeof workOf>, 'jobDefinitions' | 'startupTasks' | 'schedules'>, services: BuiltServices): Promise<() => void> {
  const boss = ctx.boss;
  if (!boss) return () => undefined;
  const { jobDefinitions, startupTasks, schedules } = work;
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
          await def.handle(ctx, job.data as object, { retryCount: job.retryCount, retryLimit: job.retryLimit, singletonOn: job.singletonOn }, services);
        }
      },
    );
    registerWorker(boss, def.queue, workerId);
  }
  const timers = schedules.map((scheduled) => {
    const s: Schedule = { ...scheduled, everySeconds: scheduled.everySecondsSetting?.(ctx.env) ?? scheduled.everySeconds };
    const tick = () => void offerScheduled(boss, s).catch((err: unknown) => ctx.logger.error({ err }, `could not schedule ${s.queue}`));
    tick();
    return setInterval(tick, (s.offerEverySeconds ?? s.everySeconds) * 1000);
  });
  return () => timers.forEach(clearInterval);
}
