import type { Queue } from 'pg-boss';
import type { Env } from '../config/env';
import type { AppContext } from './context';

/** Which attempt of a job this is, so a handler can tell its last try (retryCount = retryLimit). */
export interface JobAttempt {
  retryCount: number;
  retryLimit: number;
  /** The slot a scheduled job claimed (pg-boss `singletonOn`, as the driver read it), null for other jobs. */
  singletonOn?: Date | null;
}

/**
 * The services the composition root built for this process (`createServices`), as the modules'
 * manifests declared them: a job or an outbox names, by its type, the ones it uses.
 */
export type BuiltServices = Readonly<Record<string, unknown>>;

/** A background job: its queue, and the handler that runs each job of it. */
export interface JobDefinition<T extends object = object, S extends object = BuiltServices> {
  queue: string;
  /** Policy, retries, expiry: applied when the queue is created. */
  queueOptions?: Omit<Queue, 'name'>;
  /** Jobs of this queue run at once in one process (default 1). */
  /**
   * Jobs of this queue run at once in one process (default 1); the worker looks for
   * new ones every `pollingIntervalSeconds` (default 0.5) besides being woken by a send here.
   */
  workOptions?: { localConcurrency?: number; pollingIntervalSeconds?: number };
  handle(ctx: AppContext, data: T, attempt: JobAttempt, services: S): Promise<void>;
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
  /**
   * How often each process offers the job (default: once a slot). A schedule
   * that must not miss a slot offers it more often than its slot: an interval
   * timer drifts, and two of its ticks can straddle a whole slot.
   */
  offerEverySeconds?: number;
  /** The period as the console's settings give it, when they do: it replaces `everySeconds` (then only the default). */
  everySecondsSetting?: (env: Env) => number;
}

/**
 * A table a change writes in its own transaction and a job delivers after
 * the commit (domain events, queued mail): the transactional outbox. Its
 * insert trigger notifies `console_commits` with `queue` (migration 0009), so
 * delivery starts right after the commit; a schedule of the same queue
 * sweeps up whatever a process that died after its commit left.
 */
export interface CommitOutbox<S extends object = BuiltServices> {
  queue: string;
  /** Delivers everything due. Safe in several processes at once: the outbox's own locks or claims keep each item to one. */
  deliver(ctx: AppContext, services: S): Promise<void>;
  /** The scheduled job's housekeeping (old rows), after a delivery. */
  tidy?(ctx: AppContext): Promise<void>;
  /** False when this process has nowhere to deliver to: its commits then start nothing, and the sweep still tidies. */
  active?(ctx: AppContext): boolean;
}
