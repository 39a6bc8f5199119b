import type { AppContext } from '../lib/context';
import { registerWorker } from './wake';
import type { JobDefinition, Schedule, StartupTask } from './job-types';
import { instanceHealthJob, instanceHealthSchedule, instanceWorkflowJob, resumeInstances } from '../modules/instances/instances.jobs';

/** Every domain's jobs; a domain adds its own here. */
export const jobDefinitions: JobDefinition[] = [instanceWorkflowJob as JobDefinition, instanceHealthJob];
export const startupTasks: StartupTask[] = [resumeInstances];
export const schedules: Schedule[] = [instanceHealthSchedule];

/** Creates the queues, runs the start-up tasks, then starts the workers and schedules; returns what stops the schedules. */
export async function startWorkers(ctx: AppContext): Promise<() => void> {
  const boss = ctx.boss;
  if (!boss) return () => undefined;
  for (const def of jobDefinitions) await boss.createQueue(def.queue, def.queueOptions);
  for (const task of startupTasks) await task.run(ctx);
  for (const def of jobDefinitions) {
    const workerId = await boss.work(
      def.queue,
      { pollingIntervalSeconds: 0.5, includeMetadata: true, localConcurrency: def.workOptions?.localConcurrency ?? 1 },
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
