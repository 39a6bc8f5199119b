import { forecastOf, type Micros } from '@replay/contracts';
import type { Db } from '../../db/client';
import { billingRepo, nextMonthStart } from './billing.repo';
import { meter, slotCount, type MeteredPeriod } from './metering';

/**
 * A running period's spend, measured for budgets with the invoice's own metering (metering.ts):
 * the period that would be invoiced next, from its start to now. Its end is the first of the
 * month after its start, so a period whose month ended but whose close round has not run yet
 * (at most a minute) is measured as its invoice will be, never into the next month.
 */
export interface PeriodSpend {
  periodStart: number;
  periodEnd: number;
  spend: Micros;
  /** Hour slots metered so far, and in the whole period: the forecast's elapsed share. */
  elapsedSlots: number;
  periodSlots: number;
  forecast: Micros;
}

export interface PeriodOf {
  tenantId: string;
  start: number;
  trialEndsAt: number;
}

/** The spend of one period from its usage periods: a pure function, the same in every process. */
export function spendOf(periods: readonly MeteredPeriod[], period: PeriodOf, now: number): PeriodSpend {
  const to = nextMonthStart(period.start);
  const metered = meter(periods, { from: period.start, to, until: Math.max(period.start, now), trialEndsAt: period.trialEndsAt });
  const periodSlots = slotCount(period.start, to);
  return {
    periodStart: period.start,
    periodEnd: to,
    spend: metered.total,
    elapsedSlots: metered.slots,
    periodSlots,
    forecast: forecastOf(metered.total, metered.slots, periodSlots),
  };
}

/** The spend of each account's running period, metered in one read of usage for them all. */
export async function spendOfAccounts(db: Db, accounts: readonly PeriodOf[], now: number): Promise<Map<string, PeriodSpend>> {
  const result = new Map<string, PeriodSpend>();
  if (accounts.length === 0) return result;
  const from = Math.min(...accounts.map((a) => a.start));
  const to = Math.max(...accounts.map((a) => nextMonthStart(a.start)));
  const usage = await billingRepo(db).meteredPeriods(
    accounts.map((a) => a.tenantId),
    from,
    to,
  );
  const byTenant = new Map<string, MeteredPeriod[]>();
  for (const u of usage) {
    const list = byTenant.get(u.tenantId) ?? [];
    list.push(u);
    byTenant.set(u.tenantId, list);
  }
  for (const a of accounts) result.set(a.tenantId, spendOf(byTenant.get(a.tenantId) ?? [], a, now));
  return result;
}

/** One account's running period spend, or null for an account that does not exist. */
export async function spendOfAccount(db: Db, tenantId: string, now: number): Promise<PeriodSpend | null> {
  const facts = await billingRepo(db).periodFacts(tenantId);
  if (!facts) return null;
  const spends = await spendOfAccounts(db, [{ tenantId, start: facts.start, trialEndsAt: facts.trialEndsAt.getTime() }], now);
  return spends.get(tenantId) ?? null;
}
