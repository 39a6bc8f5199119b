import { randomBytes, randomUUID } from 'node:crypto';
import { count, inArray, sql } from 'drizzle-orm';
import { CURRENCY, DAY_MS, PROVIDER_LABELS, findRegion, type InvoiceLine, type Micros } from '@replay/contracts';
import type { Db } from '../../db/client';
import { billingAccounts, billingPeriods, invoices, tenants } from '../../db/schema';
import { emitEvents } from '../../events/emit';
import { billingRepo, nextMonthStart } from './billing.repo';
import { HOUR_MS, meter, slotCount, type Metered, type MeteredPeriod } from './metering';
import type { Clock } from '../../lib/time';

/**
 * Closing billing periods: each account's running period closes at the first of the next
 * UTC month (or now, when an operator closes it early), and what it metered becomes an
 * invoice. A period is closed once: its row's key (account, start) is inserted in the same
 * transaction as the invoice, so of two console processes, or a console killed mid-round
 * and its successor, exactly one closes it, and a round that dies leaves nothing behind.
 * A period that metered nothing payable is recorded closed, without an invoice.
 */

/** Accounts closed per transaction: one query of usage and two inserts per batch. */
const BATCH = 500;
const CENT: Micros = 10_000;

/** µ$ to whole cents (as µ$), halves up: what a line of an invoice charges. */
export const toCents = (micros: Micros): Micros => Math.floor((micros + CENT / 2) / CENT) * CENT;

const placeOf = (provider: keyof typeof PROVIDER_LABELS, region: string) => `${PROVIDER_LABELS[provider]} ${findRegion(provider, region)?.label ?? region}`;

/** The invoice's lines: one per utilization row, so the invoice reads as the Utilization tab did. */
export function linesOf(metered: Metered): InvoiceLine[] {
  const compute = metered.instances.map<InvoiceLine>((r) => ({
    kind: 'compute',
    description: `${r.capacity} instance (${r.configuration}), ${placeOf(r.provider, r.region)}${r.freeTrial ? ' (free trial)' : ''}`,
    provider: r.provider,
    region: r.region,
    instanceType: r.instanceType,
    quantity: r.utilizationHours,
    unitPrice: r.hourlyPrice,
    amount: toCents(r.cost),
    freeTrial: r.freeTrial,
  }));
  const storage = metered.storages.map<InvoiceLine>((r) => ({
    kind: 'storage',
    description: `Storage, ${placeOf(r.provider, r.region)}${r.freeTrial ? ' (free trial)' : ''}`,
    provider: r.provider,
    region: r.region,
    instanceType: null,
    quantity: r.storage,
    unitPrice: r.pricePerGbHour,
    amount: toCents(r.cost),
    freeTrial: r.freeTrial,
  }));
  return [...compute, ...storage];
}

export interface DuePeriod {
  tenantId: string;
  tenantKey: string;
  trialEndsAt: number;
  from: number;
  to: number;
}

export interface CloseDeps {
  db: Db;
  clock: Clock;
  /** Days from issue to due date: past it, an unpaid invoice stops the account creating instances. */
  graceDays: number;
}

export interface CloseReport {
  closed: number;
  invoiced: number;
}

/** The running period's start of every account whose period has ended by `now` (at most `limit`). */
async function duePeriods(db: Db, now: Date, limit: number, onlyTenant?: string): Promise<DuePeriod[]> {
  const start = sql<Date>`coalesce(max(${billingPeriods.periodEnd}), date_trunc('hour', ${tenants.createdAt}))`;
  const rows = await db
    .select({ tenantId: tenants.id, tenantKey: tenants.tenantKey, trialEndsAt: tenants.trialEndsAt, start: start.mapWith((v: string | Date) => new Date(v)) })
    .from(tenants)
    .leftJoin(billingPeriods, sql`${billingPeriods.tenantId} = ${tenants.id}`)
    .where(onlyTenant ? sql`${tenants.id} = ${onlyTenant}` : undefined)
    .groupBy(tenants.id)
    .having(sql`((date_trunc('month', ${start} at time zone 'UTC') + interval '1 month') at time zone 'UTC') <= ${now.toISOString()}::timestamptz`)
    .limit(limit);
  return rows.map((r) => ({ tenantId: r.tenantId, tenantKey: r.tenantKey, trialEndsAt: r.trialEndsAt.getTime(), from: r.start.getTime(), to: nextMonthStart(r.start.getTime()) }));
}

/** Closes the given periods in one transaction; those another process closed first are skipped. */
export async function closePeriods(deps: CloseDeps, due: readonly DuePeriod[]): Promise<CloseReport> {
  if (due.length === 0) return { closed: 0, invoiced: 0 };
  const ids = due.map((d) => d.tenantId);
  const from = Math.min(...due.map((d) => d.from));
  const to = Math.max(...due.map((d) => d.to));
  const usage = await billingRepo(deps.db).meteredPeriods(ids, from, to);
  const byTenant = new Map<string, MeteredPeriod[]>();
  for (const u of usage) {
    const list = byTenant.get(u.tenantId) ?? [];
    list.push(u);
    byTenant.set(u.tenantId, list);
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [accounts, issued] = await Promise.all([
      tx.select({ tenantId: billingAccounts.tenantId, name: billingAccounts.name, address: billingAccounts.address }).from(billingAccounts).where(inArray(billingAccounts.tenantId, ids)),
      tx.select({ tenantId: invoices.tenantId, n: count() }).from(invoices).where(inArray(invoices.tenantId, ids)).groupBy(invoices.tenantId),
    ]);
    const accountOf = new Map(accounts.map((a) => [a.tenantId, a]));
    const issuedOf = new Map(issued.map((i) => [i.tenantId, i.n]));
    // The account's key and its invoices' count: unique, and readable over the phone.
    const numberOf = (d: DuePeriod) => `${d.tenantKey.slice(0, 8).toUpperCase()}-${String((issuedOf.get(d.tenantId) ?? 0) + 1).padStart(4, '0')}`;
    const planned = due.map((d) => {
      const metered = meter(byTenant.get(d.tenantId) ?? [], { from: d.from, to: d.to, trialEndsAt: d.trialEndsAt });
      const lines = linesOf(metered);
      const total = lines.reduce((sum, l) => sum + l.amount, 0);
      return { d, lines, total, invoiceId: total > 0 ? randomUUID() : null };
    });
    const closed = await tx
      .insert(billingPeriods)
      .values(planned.map((p) => ({ tenantId: p.d.tenantId, periodStart: new Date(p.d.from), periodEnd: new Date(p.d.to), closedAt: now, invoiceId: p.invoiceId })))
      .onConflictDoNothing()
      .returning({ tenantId: billingPeriods.tenantId });
    const mine = new Set(closed.map((c) => c.tenantId));
    const toInvoice = planned.filter((p) => p.invoiceId && mine.has(p.d.tenantId));
    if (toInvoice.length > 0) {
      await tx.insert(invoices).values(
        toInvoice.map((p) => {
          const account = accountOf.get(p.d.tenantId);
          return {
            id: p.invoiceId!,
            tenantId: p.d.tenantId,
            number: numberOf(p.d),
            status: 'open' as const,
            currency: CURRENCY,
            accountCountry: account?.address.country ?? null,
            billingName: account?.name ?? null,
            billingAddress: account?.address ?? null,
            subtotal: p.total,
            total: p.total,
            lines: p.lines,
            periodStart: new Date(p.d.from),
            periodEnd: new Date(p.d.to),
            createdAt: now,
            dueAt: new Date(now.getTime() + deps.graceDays * DAY_MS),
            hostedToken: randomBytes(24).toString('base64url'),
            // Charged at once when a card is on file; otherwise when one is added.
            nextAttemptAt: account ? now : null,
          };
        }),
      );
    }
    await emitEvents(
      tx,
      toInvoice.map((p) => ({ type: 'invoice.issued', tenantId: p.d.tenantId, actor: null, at: now.getTime(), invoice: { id: p.invoiceId!, number: numberOf(p.d), total: p.total } })),
    );
    return { closed: mine.size, invoiced: toInvoice.length };
  });
}

/** One round: closes every period that has ended, in batches, catching up on months a stopped console missed. */
export async function runCloseRound(deps: CloseDeps): Promise<CloseReport> {
  const report: CloseReport = { closed: 0, invoiced: 0 };
  for (;;) {
    const due = await duePeriods(deps.db, deps.clock.now(), BATCH);
    if (due.length === 0) return report;
    const done = await closePeriods(deps, due);
    report.closed += done.closed;
    report.invoiced += done.invoiced;
    // Another process closed this batch: it is working through the same list.
    if (done.closed === 0) return report;
  }
}

/**
 * The operator's early close (`npm run billing -- close-period`): ends the account's running
 * period at the end of the hour slot under way, as the month's end would, and invoices it.
 * The slot under way is billed whole in the closed period (as a started hour is) and the next
 * period starts where it ends, so no hour is billed twice; a second close within that slot
 * finds nothing to close.
 */
export async function closeRunningPeriodNow(deps: CloseDeps, tenantId: string): Promise<CloseReport> {
  const now = deps.clock.now().getTime();
  const [row] = await deps.db
    .select({
      tenantKey: tenants.tenantKey,
      trialEndsAt: tenants.trialEndsAt,
      start: sql<Date>`coalesce(max(${billingPeriods.periodEnd}), date_trunc('hour', ${tenants.createdAt}))`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(tenants)
    .leftJoin(billingPeriods, sql`${billingPeriods.tenantId} = ${tenants.id}`)
    .where(sql`${tenants.id} = ${tenantId}`)
    .groupBy(tenants.id);
  if (!row || row.start.getTime() >= now) return { closed: 0, invoiced: 0 };
  const from = row.start.getTime();
  const to = from + slotCount(from, now) * HOUR_MS;
  return closePeriods(deps, [{ tenantId, tenantKey: row.tenantKey, trialEndsAt: row.trialEndsAt.getTime(), from, to }]);
}
