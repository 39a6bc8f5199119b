import { CURRENCY, type BillingDetails, type CreateBillingInput, type EditBillingInput, type Micros, type Utilization } from '@replay/contracts';
import { AppError } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { billingRepo, nextMonthStart, type BillingAccountRow } from './billing.repo';
import { HOUR_MS, hourlyRate, meter, slotCount, type Metered, type MeteredPeriod } from './metering';
import { editDetails, saveFirstDetails } from './billing.details-save';
import type { BillingDeps } from './billing.deps';

export type { BillingDeps } from './billing.deps';

type RunningPeriod = { from: number; to: number; metered: Metered; projected: Micros };

/** Accounts whose running period is remembered in this process (the least recently read go first). */
const REMEMBERED_ACCOUNTS = 2_000;

/**
 * The account's running period, metered up to now, and what it is expected to come to by
 * its end. Metering a month of a large account costs milliseconds of CPU, and the Billing
 * screen asks twice per visit: the result is remembered per account under a key that
 * changes with anything it depends on (the period, the slots metered so far, the trial's
 * end, and the usage's fingerprint, read from the database), so every console process
 * answers what a fresh computation would.
 */
function runningPeriods(deps: Pick<BillingDeps, 'db' | 'clock'>) {
  const repo = billingRepo(deps.db);
  const remembered = new Map<string, { key: string; value: RunningPeriod }>();

  function compute(periods: MeteredPeriod[], from: number, to: number, now: number, trialEndsAt: number): RunningPeriod {
    const metered = meter(periods, { from, to, until: Math.max(from, now), trialEndsAt });
    // The rest of the period at today's rate: the slots after the one under way, the trial's free hours as free.
    const current = periods.filter((p) => p.endedAt === null);
    const remaining = slotCount(from, to) - metered.slots;
    const firstRemaining = from + metered.slots * HOUR_MS;
    const inTrial = Math.min(remaining, Math.max(0, slotCount(firstRemaining, trialEndsAt)));
    const projection = (inTrial > 0 ? inTrial * hourlyRate(current, firstRemaining, trialEndsAt) : 0) + (remaining - inTrial) * hourlyRate(current, Math.max(trialEndsAt, firstRemaining), trialEndsAt);
    return { from, to, metered, projected: metered.total + projection };
  }

  return async function runningPeriod(tenantId: string): Promise<RunningPeriod> {
    const facts = await repo.periodFacts(tenantId);
    if (!facts) throw new AppError('not_found', ['Account not found.']);
    const now = deps.clock.now().getTime();
    const from = facts.start;
    const to = nextMonthStart(Math.max(from, now - 1));
    const trialEndsAt = facts.trialEndsAt.getTime();
    const key = `${from}|${to}|${slotCount(from, Math.max(from, now))}|${trialEndsAt}|${await repo.usageFingerprint(tenantId, from, to)}`;
    const known = remembered.get(tenantId);
    remembered.delete(tenantId);
    const value = known?.key === key ? known.value : compute(await repo.meteredPeriods([tenantId], from, to), from, to, now, trialEndsAt);
    remembered.set(tenantId, { key, value });
    if (remembered.size > REMEMBERED_ACCOUNTS) remembered.delete(remembered.keys().next().value as string);
    return value;
  };
}

function cardOf(row: BillingAccountRow | undefined) {
  return row ? { brand: row.cardBrand, last4: row.cardLast4, expMonth: row.cardExpMonth, expYear: row.cardExpYear } : null;
}

/** What the account has spent so far in its running period: the Billing screen's figure, for the weekly report (no provider needed). */
export function runningSpendOf(deps: Pick<BillingDeps, 'db' | 'clock'>) {
  const runningPeriod = runningPeriods(deps);
  return async (tenantId: string): Promise<{ cost: Micros; currency: string; periodStart: number; periodEnd: number }> => {
    const period = await runningPeriod(tenantId);
    return { cost: period.metered.total, currency: CURRENCY, periodStart: period.from, periodEnd: period.to };
  };
}

/** Billing details, the running period's cost and utilization, and saving the card and address. */
export function createBillingService(deps: BillingDeps) {
  const repo = billingRepo(deps.db);
  const runningPeriod = runningPeriods(deps);

  async function details(tenantId: string): Promise<BillingDetails> {
    const [account, period] = await Promise.all([repo.account(tenantId), runningPeriod(tenantId)]);
    return {
      hasBillingDetails: Boolean(account),
      name: account?.name ?? null,
      address: account?.address ?? null,
      last4: account?.cardLast4 ?? null,
      card: cardOf(account),
      currency: CURRENCY,
      cost: period.metered.total,
      projectedCost: period.projected,
      nextBillingDate: period.to,
      periodStart: period.from,
    };
  }

  return {
    details: (p: Principal) => details(p.tenantId),

    async hasBillingDetails(tenantId: string): Promise<boolean> {
      return Boolean(await repo.account(tenantId));
    },

    /** POST /plans/billing: the first details; a second call is refused (the form edits instead). */
    async create(p: Principal, input: CreateBillingInput): Promise<BillingDetails> {
      await saveFirstDetails(deps, p, input);
      return details(p.tenantId);
    },

    /** PUT /plans/edit: name and address, and the card when a new token comes. */
    async edit(p: Principal, input: EditBillingInput): Promise<BillingDetails> {
      await editDetails(deps, p, input);
      return details(p.tenantId);
    },

    async utilization(p: Principal): Promise<Utilization> {
      const period = await runningPeriod(p.tenantId);
      const { instances, storages, total, slots } = period.metered;
      return {
        periodStart: period.from,
        periodEnd: period.to,
        meteredUntil: Math.min(period.to, period.from + slots * HOUR_MS),
        instances,
        storages,
        total,
        currency: CURRENCY,
      };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
