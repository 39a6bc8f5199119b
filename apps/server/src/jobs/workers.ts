import type { Queue } from 'pg-boss';
import type { AppContext } from '../lib/context';
import { registerWorker } from './wake';
import { errorForLog } from '../lib/log-safety';
import { instanceHealthJob, instanceHealthSchedule, instanceWorkflowJob, resumeInstances } from '../modules/instances/instances.jobs';

/** Which attempt of a job this is, so a handler can tell its last try (retryCount = retryLimit). */
export interface JobAttempt {
  retryCount: number;
  retryLimit: number;
}

/** A background job: its queue, and the handler that runs each job of it. */
export interface JobDefinition<T extends object = object> {
  queue: string;
  /** Policy, retries, expiry: applied when the queue is created. */
  queueOptions?: Omit<Queue, 'name'>;
  /** Jobs of this queue run at once in one process (default 1). */
  workOptions?: { localConcurrency?: number };
  handle(ctx: AppContext, data: T, attempt: JobAttempt): Promise<void>;
}

/** Work done once when a console process starts, after the queues exist and before any job runs. */
export interface StartupTask {
  name: string;
  run(ctx: AppContext): Promise<void>;
}

/**
 * A job sent every `everySeconds` by every console process, but at most once
 * per slot of that length across all of them (pg-boss throttling on a shared
 * key), so the work runs in one process per period.
 */
export interface Schedule {
  queue: string;
  everySeconds: number;
}

/** Every domain's jobs; a domain adds its own here. */
export const jobDefinitions: JobDefinition[] = [instanceWorkflowJob as JobDefinition, instanceHealthJob];
export const startupTasks: StartupTask[] = [resumeInstances];
export const schedules: Schedule[] = [instanceHealthSchedule];

const logError = (msg: string, err: unknown) => console.error(JSON.stringify({ level: 'error', msg, err: errorForLog(err) }));

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
    const tick = () => void boss.sendThrottled(s.queue, {}, null, s.everySeconds, 'schedule').catch((e: unknown) => logError(`could not schedule ${s.queue}`, e));
    tick();
    return setInterval(tick, s.everySeconds * 1000);
  });
  return () => timers.forEach(clearInterval);
}
