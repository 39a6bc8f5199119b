import { BILLING_MESSAGES, CURRENCY, type BillingDetails, type CreateBillingInput, type EditBillingInput, type Micros, type Utilization } from '@replay/contracts';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { billingRepo, nextMonthStart, type BillingAccountRow } from './billing.repo';
import { HOUR_MS, hourlyRate, meter, slotCount, type Metered, type MeteredPeriod } from './metering';
import { emitEvent } from '../../events/emit';
import { retryOpenInvoices } from './billing.payments';
import { PaymentRefused, type PaymentProvider, type SavedCard } from './payment-provider.door';

export interface BillingDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
}

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

/** The columns a saved card fills: the provider's references and what the Credit Card card shows. */
function cardColumns(provider: PaymentProvider, saved: SavedCard) {
  return {
    provider: provider.kind,
    customerRef: saved.customerRef,
    paymentMethodRef: saved.paymentMethodRef,
    cardBrand: saved.card.brand,
    cardLast4: saved.card.last4,
    cardExpMonth: saved.card.expMonth,
    cardExpYear: saved.card.expYear,
  };
}

function cardOf(row: BillingAccountRow | undefined) {
  return row ? { brand: row.cardBrand, last4: row.cardLast4, expMonth: row.cardExpMonth, expYear: row.cardExpYear } : null;
}

/** Billing details, the running period's cost and utilization, and saving the card and address. */
/** What the account has spent so far in its running period: the Billing screen's figure, for the weekly report (no provider needed). */
export function runningSpendOf(deps: Pick<BillingDeps, 'db' | 'clock'>) {
  const runningPeriod = runningPeriods(deps);
  return async (tenantId: string): Promise<{ cost: Micros; currency: string; periodStart: number; periodEnd: number }> => {
    const period = await runningPeriod(tenantId);
    return { cost: period.metered.total, currency: CURRENCY, periodStart: period.from, periodEnd: period.to };
  };
}

export function createBillingService(deps: BillingDeps) {
  const repo = billingRepo(deps.db);
  const runningPeriod = runningPeriods(deps);
  const actorOf = (p: Principal) => ({ userId: p.userId, name: p.name });

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

  /** The provider's answer to a token, or the user's error in its words. */
  async function saveCard(p: Principal, token: string, customerRef: string | null): Promise<SavedCard> {
    try {
      return await deps.provider.saveCard({ customerRef, token, name: p.name, email: p.email, tenantId: p.tenantId });
    } catch (err) {
      if (err instanceof PaymentRefused) {
        throw new AppError('card_refused', [err.code === 'token_unknown' ? BILLING_MESSAGES.tokenUnknown : err.message]);
      }
      throw err;
    }
  }

  return {
    details: (p: Principal) => details(p.tenantId),

    async hasBillingDetails(tenantId: string): Promise<boolean> {
      return Boolean(await repo.account(tenantId));
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

    /** POST /plans/billing: the first details; a second call is refused (the form edits instead). */
    async create(p: Principal, input: CreateBillingInput): Promise<BillingDetails> {
      if (await repo.account(p.tenantId)) throw new AppError('conflict', [BILLING_MESSAGES.alreadySetUp]);
      const saved = await saveCard(p, input.cardToken, null);
      const now = deps.clock.now();
      const inserted = await deps.db.transaction(async (tx) => {
        const added = await billingRepo(tx).insertAccount({
          tenantId: p.tenantId,
          ...cardColumns(deps.provider, saved),
          name: input.name,
          address: input.address,
          createdAt: now,
          updatedAt: now,
        });
        if (added) {
          await emitEvent(tx, { type: 'billing.details_saved', tenantId: p.tenantId, actor: actorOf(p), at: now.getTime(), firstTime: true, cardChanged: true, last4: saved.card.last4 });
          await retryOpenInvoices(tx, p.tenantId, now);
        }
        return added;
      });
      if (!inserted) throw new AppError('conflict', [BILLING_MESSAGES.alreadySetUp]);
      return details(p.tenantId);
    },

    /** PUT /plans/edit: name and address, and the card when a new token comes. */
    async edit(p: Principal, input: EditBillingInput): Promise<BillingDetails> {
      const account = await repo.account(p.tenantId);
      if (!account) throw new AppError('conflict', [BILLING_MESSAGES.notSetUp]);
      const saved = input.cardToken ? await saveCard(p, input.cardToken, account.customerRef) : null;
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        await billingRepo(tx).updateAccount(p.tenantId, {
          name: input.name,
          address: input.address,
          updatedAt: now,
          ...(saved && cardColumns(deps.provider, saved)),
        });
        const last4 = saved?.card.last4 ?? account.cardLast4;
        await emitEvent(tx, { type: 'billing.details_saved', tenantId: p.tenantId, actor: actorOf(p), at: now.getTime(), firstTime: false, cardChanged: Boolean(saved), last4 });
        // A new card: what the old one could not pay is tried on it at once.
        if (saved) await retryOpenInvoices(tx, p.tenantId, now);
      });
      return details(p.tenantId);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
