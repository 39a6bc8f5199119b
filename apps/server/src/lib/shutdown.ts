import type { Logger } from './logger';

export interface ShutdownSteps {
  /** Set at once: readiness answers 503 from here on (modules/probes). */
  lifecycle: { draining: boolean };
  /** Stops taking connections and waits for the requests in flight (Fastify's close). */
  closeServer(): Promise<void>;
  /** Stops the job workers, letting steps in flight finish within the given time, then closes the database. */
  stopRuntime(jobGraceMs: number): Promise<void>;
  logger: Pick<Logger, 'info' | 'warn'>;
}

export interface ShutdownTiming {
  /** Time the balancers get to see the readiness change before the listener closes. */
  drainDelayMs: number;
  /** The whole shutdown's bound, the delay included. */
  graceMs: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `work`, or 'late' once `ms` have passed: the bound never waits on a stuck request. */
async function within(ms: number, work: Promise<void>): Promise<'done' | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, Math.max(0, ms), 'late')));
  try {
    return await Promise.race([work.then(() => 'done' as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A console process leaving a pool of replicas (SIGTERM from an orchestrator, a rolling restart):
 * it says it is not ready, keeps answering while balancers notice (the drain delay), then stops
 * taking connections, lets the requests and job steps in flight finish, and closes. Work not
 * finished by the bound is left to the other processes (a job's expiry, a workflow's lease).
 * Answers whether everything finished in time, which decides the exit code.
 */
export async function drainAndStop(steps: ShutdownSteps, timing: ShutdownTiming): Promise<boolean> {
  const deadline = Date.now() + timing.graceMs;
  const left = () => deadline - Date.now();
  steps.lifecycle.draining = true;
  if (timing.drainDelayMs > 0) await sleep(Math.min(timing.drainDelayMs, left()));
  const requests = await within(left(), steps.closeServer());
  if (requests === 'late') steps.logger.warn({ graceMs: timing.graceMs }, 'requests still in flight at the end of the shutdown grace');
  const jobs = await within(left() + 1000, steps.stopRuntime(Math.max(0, left())));
  if (jobs === 'late') steps.logger.warn({ graceMs: timing.graceMs }, 'job steps still running at the end of the shutdown grace');
  steps.logger.info({ clean: requests === 'done' && jobs === 'done' }, 'shut down');
  return requests === 'done' && jobs === 'done';
}
