import type { JobDefinition, Schedule } from '../../platform/job-types';
import { runningSpendOf } from '../billing/billing.service';
import { runWeeklyReportRound } from './weekly-report.round';

export const WEEKLY_REPORT_QUEUE = 'weekly-report-round';
/**
 * The round is offered every 5 minutes (once per slot across console processes, as every
 * schedule); it mails only what is due, so the reports leave within 5 minutes of Monday
 * 08:00 UTC, and a console that was down then sends them when it is back that week.
 */
export const WEEKLY_REPORT_ROUND_SECONDS = 300;

export const weeklyReportJob: JobDefinition = {
  queue: WEEKLY_REPORT_QUEUE,
  queueOptions: { retryLimit: 0, expireInSeconds: 1800, deleteAfterSeconds: 3600 },
  handle: async (ctx) => {
    const result = await runWeeklyReportRound({
      db: ctx.db,
      clock: ctx.clock,
      mailer: ctx.mailer,
      productName: ctx.env.PRODUCT_NAME,
      publicUrl: ctx.env.publicUrl,
      spendOf: runningSpendOf({ db: ctx.db, clock: ctx.clock }),
      driver: ctx.driver,
    });
    if (result.queued || result.purgedSignals) ctx.logger.info(result, 'weekly report round');
  },
};

export const weeklyReportSchedule: Schedule = { queue: WEEKLY_REPORT_QUEUE, everySeconds: WEEKLY_REPORT_ROUND_SECONDS };
