import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { DAY_MS, formatMoney } from '@replay/contracts';
import type { Db } from '../../db/client';
import { billingAccounts, invoices } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { paymentProviderOf } from './payment-providers';
import { emitEvent } from '../../events/emit';
import type { Mail, Mailer } from '../../mail/mailer';
import { billingMembers } from './billing.facts';
import type { PaymentProvider } from './payment-provider.door';
import type { Clock } from '../../lib/time';

/**
 * Paying invoices (dunning): an issued invoice is charged to the saved card at once; a
 * refused charge leaves it open and is tried again 1, 3 and 7 days after the first refusal
 * (RETRY_AFTER_DAYS), then no more until the account saves a card (which tries again at
 * once). Each refusal is mailed to the account's billing members (its admins and the
 * members who may edit billing). An invoice open past its due date
 * stops the account creating instances (BILLING_GRACE_DAYS).
 */
export const RETRY_AFTER_DAYS = [1, 3, 7] as const;
/** A charge under way holds its invoice this long: a console killed mid-charge leaves it to the next round after this. */
const CLAIM_MS = 10 * 60_000;
const PER_ROUND = 100;

export interface PaymentRoundDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  /** Where a refusal is told: the account's billing members, by mail. */
  mailer: Pick<Mailer, 'queue'>;
  productName: string;
  publicUrl: string;
}

function refusalMail(to: string, d: PaymentRoundDeps, invoice: { number: string; total: number; currency: string }, message: string, next: number | null): Mail {
  const text = [
    `The payment of invoice ${invoice.number} (${formatMoney(invoice.total, 2, invoice.currency)}) was refused: ${message}`,
    next === null ? 'No further attempt is scheduled. Update the card to pay it.' : `It will be tried again on ${new Date(next).toUTCString()}. Updating the card tries it at once.`,
    `Billing: ${d.publicUrl.replace(/\/+$/, '')}/billing?tab=invoices`,
  ].join('\n\n');
  return { to, subject: `${d.productName}: payment of invoice ${invoice.number} failed`, text };
}

export interface PaymentReport {
  paid: number;
  refused: number;
}

/** The next try after `attempts` refusals, counted from the first refusal; null when the schedule is spent. */
export function nextAttemptAfter(firstRefusalAt: number, attempts: number): number | null {
  const days = RETRY_AFTER_DAYS[attempts - 1];
  return days === undefined ? null : firstRefusalAt + days * DAY_MS;
}

type InvoiceRow = typeof invoices.$inferSelect;

/** A charge went through: the invoice is paid, once, with the charge's reference. */
async function recordPaid(deps: PaymentRoundDeps, invoice: InvoiceRow, chargeRef: string): Promise<void> {
  const at = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(invoices)
      .set({
        status: 'paid',
        amountPaid: invoice.total,
        paidAt: at,
        chargeRef,
        nextAttemptAt: null,
        chargingUntil: null,
        lastPaymentError: null,
        attemptCount: sql`${invoices.attemptCount} + 1`,
      })
      .where(eq(invoices.id, invoice.id));
    await emitEvent(tx, { type: 'invoice.paid', tenantId: invoice.tenantId, actor: null, at: at.getTime(), invoice: { id: invoice.id, number: invoice.number, total: invoice.total } });
  });
}

/** A charge was refused: the next try is scheduled (or none is left), and the billing members are told by mail. */
async function recordRefused(deps: PaymentRoundDeps, invoice: InvoiceRow, message: string): Promise<void> {
  const at = deps.clock.now();
  const attempts = invoice.attemptCount + 1;
  const next = nextAttemptAfter(invoice.firstRefusedAt?.getTime() ?? at.getTime(), attempts);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(invoices)
      .set({
        attemptCount: attempts,
        lastPaymentError: message,
        firstRefusedAt: invoice.firstRefusedAt ?? at,
        // A new card saved during the charge asked for a try at once: that stands.
        nextAttemptAt: sql`case when ${invoices.nextAttemptAt} is distinct from ${invoice.nextAttemptAt?.toISOString() ?? null}::timestamptz then ${invoices.nextAttemptAt} else ${next === null ? null : new Date(next).toISOString()}::timestamptz end`,
        chargingUntil: null,
      })
      .where(eq(invoices.id, invoice.id));
    const ref = { id: invoice.id, number: invoice.number, total: invoice.total };
    await emitEvent(tx, { type: 'invoice.payment_failed', tenantId: invoice.tenantId, actor: null, at: at.getTime(), invoice: ref, message, nextAttemptAt: next });
    for (const to of await billingMembers(tx, invoice.tenantId)) await deps.mailer.queue(tx, refusalMail(to, deps, invoice, message, next));
  });
}

/** Charges every open invoice whose attempt is due, each once (claimed by compare-and-set). */
export async function runPaymentRound(deps: PaymentRoundDeps, onlyTenant?: string): Promise<PaymentReport> {
  const now = deps.clock.now();
  const report: PaymentReport = { paid: 0, refused: 0 };
  const dueNow = and(eq(invoices.status, 'open'), isNotNull(invoices.nextAttemptAt), lte(invoices.nextAttemptAt, now), or(isNull(invoices.chargingUntil), lte(invoices.chargingUntil, now)));
  const due = await deps.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(dueNow, onlyTenant ? eq(invoices.tenantId, onlyTenant) : undefined))
    .orderBy(asc(invoices.nextAttemptAt))
    .limit(PER_ROUND);
  for (const candidate of due) {
    // Claim: only the process that sets the charge's hold charges this attempt.
    const [invoice] = await deps.db
      .update(invoices)
      .set({ chargingUntil: new Date(now.getTime() + CLAIM_MS) })
      .where(and(eq(invoices.id, candidate.id), dueNow))
      .returning();
    if (!invoice) continue;
    // Read after the claim, not with the round's list: a card saved in between is the one charged (its save asks for this try).
    const [account] = await deps.db.select().from(billingAccounts).where(eq(billingAccounts.tenantId, invoice.tenantId));
    if (!account) {
      await deps.db.update(invoices).set({ nextAttemptAt: null, chargingUntil: null }).where(eq(invoices.id, invoice.id));
      continue;
    }
    const amountDue = invoice.total - invoice.amountPaid;
    const result = await deps.provider.charge({
      customerRef: account.customerRef,
      paymentMethodRef: account.paymentMethodRef,
      amountCents: Math.round(amountDue / 10_000),
      currency: invoice.currency,
      // The attempt's name: a console killed after charging asks again under the same key and is charged once.
      idempotencyKey: `invoice-${invoice.id}-attempt-${invoice.attemptCount + 1}-${account.paymentMethodRef}`,
      description: `Invoice ${invoice.number}`,
    });
    if (result.ok) {
      await recordPaid(deps, invoice, result.chargeRef);
      report.paid += 1;
    } else {
      await recordRefused(deps, invoice, result.message);
      report.refused += 1;
    }
  }
  return report;
}

/** A card was saved: the account's open invoices are tried again at once. */
export async function retryOpenInvoices(db: Db, tenantId: string, at: Date): Promise<void> {
  await db
    .update(invoices)
    .set({ nextAttemptAt: at })
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.status, 'open')));
}

/** The payment round's parts, from the console's context. */
export function paymentDepsOf(ctx: AppContext): PaymentRoundDeps {
  return { db: ctx.db, clock: ctx.clock, provider: paymentProviderOf(ctx), mailer: ctx.mailer, productName: ctx.env.PRODUCT_NAME, publicUrl: ctx.env.publicUrl };
}
