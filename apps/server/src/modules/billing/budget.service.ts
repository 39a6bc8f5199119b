import { BUDGET_MESSAGES, CURRENCY, percentOf, type BudgetStatus, type SaveBudget } from '@replay/contracts';
import { AppError } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { budgetRepo, type BudgetRow } from './budget.repo';
import { tellCrossings, type BudgetWatchDeps } from './budget.round';
import { spendOfAccount, type PeriodSpend } from './budget.spend';

/** The Billing screen's Budget card: read, set (and check at once), remove. Changes are audited by their endpoints. */
export function createBudgetService(deps: BudgetWatchDeps) {
  const repo = budgetRepo(deps.db);

  async function spendNow(tenantId: string): Promise<PeriodSpend> {
    const spend = await spendOfAccount(deps.db, tenantId, deps.clock.now().getTime());
    if (!spend) throw new AppError('not_found', ['Account not found.']);
    return spend;
  }

  async function statusOf(tenantId: string, budget: BudgetRow | undefined, spend: PeriodSpend): Promise<BudgetStatus> {
    const crossed = budget ? await repo.crossed(tenantId, spend.periodStart) : [];
    return {
      budget: budget ? { amount: budget.amount, thresholds: budget.thresholds, hardStop: budget.hardStop, updatedAt: budget.updatedAt.getTime() } : null,
      currency: CURRENCY,
      periodStart: spend.periodStart,
      periodEnd: spend.periodEnd,
      spend: spend.spend,
      percentUsed: budget ? percentOf(spend.spend, budget.amount) : null,
      forecast: spend.forecast,
      forecastMethod: 'run_rate',
      crossed,
      hardStopActive: Boolean(budget?.hardStop && spend.spend >= budget.amount),
    };
  }

  return {
    async status(p: Principal): Promise<BudgetStatus> {
      const [budget, spend] = await Promise.all([repo.budget(p.tenantId), spendNow(p.tenantId)]);
      return statusOf(p.tenantId, budget, spend);
    },

    /** Sets or replaces the budget, then tells at once what the new amount or thresholds have already crossed. */
    async save(p: Principal, parsed: SaveBudget): Promise<BudgetStatus> {
      const now = deps.clock.now();
      const existing = await repo.budget(p.tenantId);
      const row: BudgetRow = {
        tenantId: p.tenantId,
        amount: parsed.amount,
        thresholds: parsed.thresholds,
        hardStop: parsed.hardStop,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
        updatedBy: p.userId,
      };
      await repo.save(row);
      const spend = await spendNow(p.tenantId);
      const told = new Set(await repo.crossed(p.tenantId, spend.periodStart));
      await tellCrossings(deps, row, spend, (t) => told.has(t));
      return statusOf(p.tenantId, row, spend);
    },

    async remove(p: Principal): Promise<BudgetStatus> {
      if (!(await repo.remove(p.tenantId))) throw new AppError('not_found', [BUDGET_MESSAGES.notSet]);
      return statusOf(p.tenantId, undefined, await spendNow(p.tenantId));
    },
  };
}

export type BudgetService = ReturnType<typeof createBudgetService>;
