import type { JobDefinition, Schedule } from '../../platform/job-types';
import { runCloseRound } from './billing.close';
import { paymentDepsOf, runPaymentRound } from './billing.payments';
import { runTrialRound, type TrialInstancesPort } from './billing.trial';

export const BILLING_QUEUE = 'billing-round';
/** A period that ends is closed within a minute; a due charge is tried within a minute. */
export const BILLING_ROUND_SECONDS = 60;

/**
 * One billing round a minute across every console process: close the periods that have
 * ended (each once, by its key), then charge the invoices whose attempt is due (each
 * attempt once, by its claim), then the trials' ends (each notice once, by its key; each
 * instance moved by compare-and-set). A round that fails is the next round's job.
 */
export const billingJob: JobDefinition<object, { trialInstances: TrialInstancesPort }> = {
  queue: BILLING_QUEUE,
  queueOptions: { retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 3600 },
  // trialInstances: the instances core's service (billing's TrialInstancesPort), built once per process.
  handle: async (ctx, _data, _attempt, { trialInstances }) => {
    const closed = await runCloseRound({ db: ctx.db, clock: ctx.clock, graceDays: ctx.env.BILLING_GRACE_DAYS });
    const payments = await runPaymentRound(paymentDepsOf(ctx));
    const trials = await runTrialRound({
      db: ctx.db,
      clock: ctx.clock,
      mailer: ctx.mailer,
      instances: trialInstances,
      productName: ctx.env.PRODUCT_NAME,
      publicUrl: ctx.env.publicUrl,
    });
    if (closed.closed || payments.paid || payments.refused || trials.notices || trials.stopped || trials.terminated) {
      ctx.logger.info({ ...closed, ...payments, ...trials }, 'billing round');
    }
  },
};

export const billingSchedule: Schedule = { queue: BILLING_QUEUE, everySeconds: BILLING_ROUND_SECONDS };
