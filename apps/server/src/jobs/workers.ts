import type { AppContext } from '../lib/context';
import { registerWorker } from './wake';
import type { CommitOutbox, JobDefinition, Schedule, StartupTask } from './job-types';
import { outboxJob, outboxSweep } from './commit-relay';
import { instanceHealthJob, instanceHealthSchedule, instanceWorkflowJob, resumeInstances } from '../modules/instances/instances.jobs';
import { domainEventsOutbox } from '../events/events.jobs';
import { mailDeliveryOutbox } from '../mail/mail.jobs';

/** Tables written in a change's transaction and delivered after its commit; domain events first, since their consumers may queue mail. */
export const commitOutboxes: CommitOutbox[] = [domainEventsOutbox, mailDeliveryOutbox];

/** Every domain's jobs; a domain adds its own here. */
export const jobDefinitions: JobDefinition[] = [instanceWorkflowJob as JobDefinition, instanceHealthJob, ...commitOutboxes.map(outboxJob)];
export const startupTasks: StartupTask[] = [resumeInstances];
export const schedules: Schedule[] = [instanceHealthSchedule, ...commitOutboxes.map(outboxSweep)];

/** Creates the queues, runs the start-up tasks, then starts the workers and schedules; returns what stops the schedules. */
export async function startWorkers(ctx: AppContext): Promise<() => void> {
  const boss = ctx.boss;
  if (!boss) return () => undefined;
  for (const def of jobDefinitions) await boss.createQueue(def.queue, def.queueOptions);
  for (const task of startupTasks) await task.run(ctx);
  for (const def of jobDefinitions) {
    const workerId = await boss.work(
      def.queue,
      { pollingIntervalSeconds: def.workOptions?.pollingIntervalSeconds ?? 0.5, includeMetadata: true, localConcurrency: def.workOptions?.localConcurrency ?? 1 },
      async (jobs) => {
        for (const job of jobs) await def.handle(ctx, job.data as object, { retryCount: job.retryCount, retryLimit: job.retryLimit });
      },
    );
    registerWorker(boss, def.queue, workerId);
  }
  const timers = schedules.map((s) => {
    const tick = () => void boss.sendThrottled(s.queue, {}, null, s.everySeconds, 'schedule').catch((err: unknown) => ctx.logger.error({ err }, `could not schedule ${s.queue}`));
    tick();
    return setInterval(tick, s.everySeconds * 1000);
  });
  return () => timers.forEach(clearInterval);
}
