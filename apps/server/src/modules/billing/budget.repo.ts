import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingPeriods, budgetCrossings, budgets, tenants } from '../../db/schema';
import type { PeriodOf } from './budget.spend';

export type BudgetRow = typeof budgets.$inferSelect;

/** The running period's start: the end of the last closed period, or the hour the account was made in (as billing.repo's periodFacts). */
const periodStart = sql<number>`(extract(epoch from coalesce((select max(${billingPeriods.periodEnd}) from ${billingPeriods} where ${billingPeriods.tenantId} = ${tenants.id}), date_trunc('hour', ${tenants.createdAt}))) * 1000)::float8`;

/** Budgets' queries: one account's, or (for the round) a page of budgeted accounts. */
export function budgetRepo(db: Db) {
  return {
    async budget(tenantId: string): Promise<BudgetRow | undefined> {
      const [row] = await db.select().from(budgets).where(eq(budgets.tenantId, tenantId));
      return row;
    },

    async save(row: BudgetRow): Promise<void> {
      const { tenantId: _key, createdAt: _made, ...changed } = row;
      await db.insert(budgets).values(row).onConflictDoUpdate({ target: budgets.tenantId, set: changed });
    },

    async remove(tenantId: string): Promise<boolean> {
      const gone = await db.delete(budgets).where(eq(budgets.tenantId, tenantId)).returning({ tenantId: budgets.tenantId });
      return gone.length === 1;
    },

    /** The thresholds already told in the period, increasing. */
    async crossed(tenantId: string, periodStart: number): Promise<number[]> {
      const rows = await db
        .select({ threshold: budgetCrossings.threshold })
        .from(budgetCrossings)
        .where(and(eq(budgetCrossings.tenantId, tenantId), eq(budgetCrossings.periodStart, new Date(periodStart))))
        .orderBy(asc(budgetCrossings.threshold));
      return rows.map((r) => r.threshold);
    },

    /** Records a crossing; false when it was recorded before (by this round, another, or another process). */
    async recordCrossing(row: typeof budgetCrossings.$inferInsert): Promise<boolean> {
      const inserted = await db.insert(budgetCrossings).values(row).onConflictDoNothing().returning({ threshold: budgetCrossings.threshold });
      return inserted.length === 1;
    },

    /** The crossings told in the accounts' running periods: what a round need not tell again. */
    async crossedIn(periods: readonly { tenantId: string; periodStart: number }[]): Promise<Set<string>> {
      if (periods.length === 0) return new Set();
      const rows = await db
        .select({ tenantId: budgetCrossings.tenantId, periodStart: budgetCrossings.periodStart, threshold: budgetCrossings.threshold })
        .from(budgetCrossings)
        .where(inArray(budgetCrossings.tenantId, [...new Set(periods.map((p) => p.tenantId))]));
      return new Set(rows.map((r) => crossingKey(r.tenantId, r.periodStart.getTime(), r.threshold)));
    },

    /** A page of budgeted accounts after `afterTenantId`, with their budget and running period. */
    async budgetedPage(afterTenantId: string | null, limit: number): Promise<(PeriodOf & { budget: BudgetRow })[]> {
      const rows = await db
        .select({ budget: budgets, trialEndsAt: tenants.trialEndsAt, start: periodStart })
        .from(budgets)
        .innerJoin(tenants, eq(tenants.id, budgets.tenantId))
        .where(afterTenantId ? gt(budgets.tenantId, afterTenantId) : undefined)
        .orderBy(asc(budgets.tenantId))
        .limit(limit);
      return rows.map((r) => ({ tenantId: r.budget.tenantId, budget: r.budget, start: Number(r.start), trialEndsAt: r.trialEndsAt.getTime() }));
    },
  };
}

export const crossingKey = (tenantId: string, periodStart: number, threshold: number) => `${tenantId}|${periodStart}|${threshold}`;
