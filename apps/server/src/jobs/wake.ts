import type { PgBoss } from 'pg-boss';

/**
 * This process's workers, by job queue and queue name, so that a job sent
 * here starts at once instead of at the worker's next poll (half a second):
 * a user's stop or start then begins as they click. Other processes still
 * find the job by polling.
 */
const workersOf = new WeakMap<PgBoss, Map<string, string[]>>();

export function registerWorker(boss: PgBoss, queue: string, workerId: string): void {
  let queues = workersOf.get(boss);
  if (!queues) workersOf.set(boss, (queues = new Map()));
  queues.set(queue, [...(queues.get(queue) ?? []), workerId]);
}

export function wakeWorkers(boss: PgBoss, queue: string): void {
  for (const id of workersOf.get(boss)?.get(queue) ?? []) boss.notifyWorker(id);
}
