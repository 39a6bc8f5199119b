import type { PgBoss } from 'pg-boss';
import { DriverError, type DesiredInstance, type ReconcileReport } from '../../../infra/driver';
import type { AppContext } from '../../../platform/context';
import type { JobDefinition, Schedule, StartupTask } from '../../../platform/job-types';
import { wakeWorkers } from '../../../jobs/wake';
import { runHealthRound } from './instances.health';
import { instancesSystemRepo } from '../core/instances.system-repo';
import { specOf, type WorkflowDeps } from './instances.steps';
import { NO_WORKFLOW_OFFERS, type WorkflowOffersServices } from './instances.workflow-offers.door';
import { convergeInstance, desiredState } from './instances.workflow';
import { DEFAULT_HEALTH_ROUND_SECONDS } from '../../../config/env';

export const INSTANCE_WORKFLOW_QUEUE = 'instance-workflow';
export const INSTANCE_HEALTH_QUEUE = 'instance-health';
export const HEALTH_ROUND_SECONDS = DEFAULT_HEALTH_ROUND_SECONDS;

export type Enqueue = (instanceId: string, opts?: { startAfterSeconds?: number }) => Promise<void>;

/**
 * Sends "converge this instance". Keyed by the instance under the queue's
 * 'short' policy, so at most one such job waits per instance: sending again
 * (a second click, a restart, the stalled sweep) adds nothing, and the
 * waiting job reads the latest status when it runs. Without a job queue
 * (RUN_WORKERS=false) nothing is sent; a console with workers resumes the
 * instance when it starts.
 */
export function workflowEnqueuer(boss: PgBoss | null): Enqueue {
  return async (instanceId, opts = {}) => {
    if (!boss) return;
    const sent = await boss.send(INSTANCE_WORKFLOW_QUEUE, { instanceId }, { singletonKey: instanceId, ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}) });
    if (sent && !opts.startAfterSeconds) wakeWorkers(boss, INSTANCE_WORKFLOW_QUEUE);
  };
}

/** The workflow's deps for a process: its context, and what other modules offer among the services the composition root built. */
export function workflowDepsOf(ctx: AppContext, services: WorkflowOffersServices): WorkflowDeps {
  return {
    db: ctx.db,
    driver: ctx.driver,
    clock: ctx.clock,
    enqueue: workflowEnqueuer(ctx.boss),
    onStep: (step, outcome) => ctx.metrics.workflowSteps.inc({ step, outcome }),
    logger: ctx.logger,
    offers: services.instanceWorkflowOffers ?? NO_WORKFLOW_OFFERS,
  };
}

export const instanceWorkflowJob: JobDefinition<{ instanceId: string }, WorkflowOffersServices> = {
  queue: INSTANCE_WORKFLOW_QUEUE,
  // Retries with backoff cover a slow or briefly failing driver; expiry frees a job whose process died mid-step.
  // Like every job it beats while it runs (JOB_HEARTBEAT_SECONDS); retried after a dead process's lapse, it finds the
  // dead holder's lease free (lib/process-heartbeat.ts).
  queueOptions: { policy: 'short', retryLimit: 4, retryDelay: 2, retryBackoff: true, retryDelayMax: 30, expireInSeconds: 300, deleteAfterSeconds: 24 * 3600 },
  workOptions: { localConcurrency: 4 },
  handle: (ctx, data, attempt, services) => convergeInstance(workflowDepsOf(ctx, services), data.instanceId, attempt),
};

export const instanceHealthJob: JobDefinition = {
  queue: INSTANCE_HEALTH_QUEUE,
  // A round that fails is simply the next round's job: no retries.
  queueOptions: { retryLimit: 0, expireInSeconds: 120, deleteAfterSeconds: 3600 },
  handle: async (ctx) => {
    const report = await runHealthRound({ db: ctx.db, driver: ctx.driver, clock: ctx.clock, enqueue: workflowEnqueuer(ctx.boss) });
    if (report.changed.length || report.resent) {
      ctx.logger.info(report, 'instance health round');
    }
  },
};

/** One health round per 30-s slot (HEALTH_ROUND_SECONDS in the settings), whichever console process sends it first. */
export const instanceHealthSchedule: Schedule = { queue: INSTANCE_HEALTH_QUEUE, everySeconds: HEALTH_ROUND_SECONDS, everySecondsSetting: (env) => env.HEALTH_ROUND_SECONDS };

/**
 * Reconcile, unless the infrastructure cannot be reached (a cluster down, or the
 * console's credentials refused): then the console says so and starts anyway,
 * serving everything that does not need the infrastructure; the workflows sent
 * below retry until it answers.
 */
async function reconcileOrSayWhy(ctx: Parameters<StartupTask['run']>[0], expected: DesiredInstance[]): Promise<ReconcileReport> {
  const empty: ReconcileReport = { adopted: [], started: [], stopped: [], killed: [], failed: [] };
  try {
    return await ctx.driver.reconcile(expected);
  } catch (e) {
    if (!(e instanceof DriverError && (e.code === 'unavailable' || e.code === 'forbidden'))) throw e;
    ctx.logger.error({ driver: ctx.driver.kind }, `Instances were not reconciled at start: ${e.message}`);
    return empty;
  }
}

/**
 * On console start, before any job runs: line the driver up with the
 * database (adopt agents still running, restart those that should run, end
 * terminated and unknown ones), then send every unfinished workflow again.
 */
export const resumeInstances: StartupTask = {
  name: 'resume instances',
  async run(ctx) {
    const repo = instancesSystemRepo(ctx.db);
    // Embedded mode holds the data-folder lock: any lease left is a dead process's.
    if (ctx.database.kind === 'pglite') await repo.clearAllLeases();
    const expected: DesiredInstance[] = [];
    for (const { instance, tenantName, projectKey } of await repo.allForReconcile()) {
      const desired = desiredState(instance.status);
      if (!desired) continue;
      expected.push({ instanceId: instance.instanceId, desired, ...(desired === 'running' ? { spec: specOf({ ...instance, tenantName, projectKey }) } : {}) });
    }
    const report = await reconcileOrSayWhy(ctx, expected);
    const enqueue = workflowEnqueuer(ctx.boss);
    const unfinished = await repo.transitional();
    for (const { instanceId } of unfinished) await enqueue(instanceId);
    const acted = report.started.length + report.stopped.length + report.killed.length + report.failed.length;
    if (acted || unfinished.length) {
      ctx.logger.info({ ...report, adopted: report.adopted.length, resumed: unfinished.length }, 'instances resumed');
    }
  },
};
