import { CURRENCY, formatMoney, reachedThresholds } from '@replay/contracts';
import type { Db } from '../../db/client';
import type { AppContext } from '../../platform/context';
import type { Mail, Mailer } from '../../mail/mailer';
import { emitEvent } from '../../events/emit';
import { billingMembers } from './billing.facts';
import { budgetRepo, crossingKey, type BudgetRow } from './budget.repo';
import { spendOfAccounts, type PeriodSpend } from './budget.spend';
import type { Clock } from '../../lib/time';

/**
 * Watching budgets: each budgeted account's running period is metered (budget.spend.ts) and every
 * threshold its spend has reached, and that was not told this period, is recorded in
 * budget_crossings, whose key (account, period, threshold) makes it once across rounds, processes
 * and budget edits. The record, its domain event (bell and webhooks) and the billing members' mail
 * are one transaction: a crossing is told exactly when it is recorded.
 */
export interface BudgetWatchDeps {
  db: Db;
  clock: Clock;
  mailer: Pick<Mailer, 'queue'>;
  productName: string;
  publicUrl: string;
}

/** Accounts metered per read of usage. */
const PAGE = 200;

function crossingMail(to: string, d: BudgetWatchDeps, threshold: number, budget: BudgetRow, spend: PeriodSpend): Mail {
  const text = [
    `Your ${d.productName} spend this month has reached ${threshold} % of your budget: ${formatMoney(spend.spend, 2, CURRENCY)} of ${formatMoney(budget.amount, 2, CURRENCY)}.`,
    `Forecast for this month: ${formatMoney(spend.forecast, 2, CURRENCY)}.`,
    budget.hardStop && threshold >= 100 ? 'The budget’s hard stop is on: new instances and size increases are refused until next month. Running instances keep running.' : '',
    `Billing: ${d.publicUrl.replace(/\/+$/, '')}/billing`,
  ].filter(Boolean);
  return { to, subject: `${d.productName}: spend reached ${threshold} % of your budget`, text: text.join('\n\n') };
}

/**
 * Tells the thresholds `spend` reached and `told` does not hold, in one transaction: each recorded
 * (once by its key), each recorded one an event, and one mail per billing member naming the highest.
 * Answers how many were newly told.
 */
export async function tellCrossings(d: BudgetWatchDeps, budget: BudgetRow, spend: PeriodSpend, told: (threshold: number) => boolean): Promise<number> {
  const due = reachedThresholds(budget.thresholds, spend.spend, budget.amount).filter((t) => !told(t));
  if (due.length === 0) return 0;
  const at = d.clock.now();
  return d.db.transaction(async (tx) => {
    const repo = budgetRepo(tx);
    const fresh: number[] = [];
    for (const threshold of due) {
      const recorded = await repo.recordCrossing({ tenantId: budget.tenantId, periodStart: new Date(spend.periodStart), threshold, spend: spend.spend, amount: budget.amount, crossedAt: at });
      if (!recorded) continue;
      fresh.push(threshold);
      await emitEvent(tx, {
        type: 'billing.budget_threshold_crossed',
        tenantId: budget.tenantId,
        actor: null,
        at: at.getTime(),
        threshold,
        amount: budget.amount,
        spend: spend.spend,
        forecast: spend.forecast,
        hardStop: budget.hardStop,
        periodStart: spend.periodStart,
        periodEnd: spend.periodEnd,
      });
    }
    const highest = fresh.at(-1);
    if (highest !== undefined) for (const to of await billingMembers(tx, budget.tenantId)) await d.mailer.queue(tx, crossingMail(to, d, highest, budget, spend));
    return fresh.length;
  });
}

/** One round over every budgeted account, a page at a time; answers the crossings told. */
export async function runBudgetRound(d: BudgetWatchDeps): Promise<{ accounts: number; crossings: number }> {
  let after: string | null = null;
  const report = { accounts: 0, crossings: 0 };
  for (;;) {
    const page = await budgetRepo(d.db).budgetedPage(after, PAGE);
    if (page.length === 0) return report;
    after = page.at(-1)!.tenantId;
    const spends = await spendOfAccounts(d.db, page, d.clock.now().getTime());
    const told = await budgetRepo(d.db).crossedIn(page.map((a) => ({ tenantId: a.tenantId, periodStart: a.start })));
    for (const account of page) {
      const spend = spends.get(account.tenantId)!;
      report.accounts += 1;
      report.crossings += await tellCrossings(d, account.budget, spend, (t) => told.has(crossingKey(account.tenantId, spend.periodStart, t)));
    }
    if (page.length < PAGE) return report;
  }
}

/** The round's parts, from the console's context. */
export const budgetWatchDepsOf = (ctx: AppContext): BudgetWatchDeps => ({ db: ctx.db, clock: ctx.clock, mailer: ctx.mailer, productName: ctx.env.PRODUCT_NAME, publicUrl: ctx.env.publicUrl });
