import type { AppContext } from '../lib/context';

/** A background job: its queue, and the handler that runs each job of it. */
export interface JobDefinition<T extends object = object> {
  queue: string;
  handle(ctx: AppContext, data: T): Promise<void>;
}

/** Every domain's jobs; a domain adds its own here. */
export const jobDefinitions: JobDefinition[] = [];

export async function startWorkers(ctx: AppContext): Promise<void> {
  const boss = ctx.boss;
  if (!boss) return;
  for (const def of jobDefinitions) {
    await boss.createQueue(def.queue);
    await boss.work(def.queue, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) await def.handle(ctx, job.data as object);
    });
  }
}
