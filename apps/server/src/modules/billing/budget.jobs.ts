import type { JobDefinition, Schedule } from '../../platform/job-types';
import { budgetWatchDepsOf, runBudgetRound } from './budget.round';

export const BUDGET_QUEUE = 'budget-round';
/**
 * Every 2 minutes across every console process: a threshold crossed by usage is told at most
 * about 2 minutes after the metered spend reaches it (saving a budget checks at once, and the
 * hard stop reads the spend live, so neither waits for the round).
 */
export const BUDGET_ROUND_SECONDS = 120;

export const budgetJob: JobDefinition = {
  queue: BUDGET_QUEUE,
  queueOptions: { retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 3600 },
  handle: async (ctx) => {
    const report = await runBudgetRound(budgetWatchDepsOf(ctx));
    if (report.crossings) ctx.logger.info(report, 'budget round');
  },
};

export const budgetSchedule: Schedule = { queue: BUDGET_QUEUE, everySeconds: BUDGET_ROUND_SECONDS };
