import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { INVOICE_STATUSES, PAYMENT_PROVIDERS, type BillingAddress, type InvoiceLine } from '@replay/contracts';
import { tenants } from './tenants';

/**
 * An account's billing details: who pays, where, and the provider's references to its
 * customer and card. The card itself stays with the provider; the console keeps what the
 * Credit Card card shows (brand, last four digits, expiry).
 */
export const billingAccounts = pgTable('billing_accounts', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
  customerRef: text('customer_ref').notNull(),
  paymentMethodRef: text('payment_method_ref').notNull(),
  cardBrand: text('card_brand').notNull(),
  cardLast4: text('card_last4').notNull(),
  cardExpMonth: integer('card_exp_month').notNull(),
  cardExpYear: integer('card_exp_year').notNull(),
  name: text('name').notNull(),
  address: jsonb('address').$type<BillingAddress>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Every billing period an account has closed, invoiced or not (nothing to bill issues no
 * invoice): the running period starts where the last closed one ended. The key makes a
 * period's close once per account whatever the number of console processes.
 */
export const billingPeriods = pgTable(
  'billing_periods',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    invoiceId: uuid('invoice_id'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.periodStart] }), index('billing_periods_tenant_end_idx').on(t.tenantId, t.periodEnd)],
);

/** An issued invoice: immutable once issued, but for its payment state. Amounts in µ$, whole cents. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** Unique within the account (its key's start and a count), as a provider's invoice numbers are. */
    number: text('number').notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    currency: text('currency').notNull(),
    accountCountry: text('account_country'),
    billingName: text('billing_name'),
    billingAddress: jsonb('billing_address').$type<BillingAddress>(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    amountPaid: bigint('amount_paid', { mode: 'number' }).notNull().default(0),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The hosted page's secret: its link is the credential, as a provider's hosted invoice is. */
    hostedToken: text('hosted_token').notNull().unique(),
    /** Dunning: charges tried, the next one's time, and the last refusal's message. */
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastPaymentError: text('last_payment_error'),
    /** A charge under way holds the invoice until then (a console that dies mid-charge lets it go then). */
    chargingUntil: timestamp('charging_until', { withTimezone: true }),
    /** The first refusal: the retries are counted from it. */
    firstRefusedAt: timestamp('first_refused_at', { withTimezone: true }),
    chargeRef: text('charge_ref'),
  },
  (t) => [
    index('invoices_tenant_created_idx').on(t.tenantId, t.createdAt),
    // The payment round: open invoices whose next attempt is due.
    index('invoices_due_attempt_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('invoices_tenant_period_uq').on(t.tenantId, t.periodStart),
    uniqueIndex('invoices_tenant_number_uq').on(t.tenantId, t.number),
  ],
);

/**
 * The offline payment provider's own store (modules/offline-payments), apart from the
 * console's billing tables as a card network's would be: a token is issued for a card the
 * browser sent, used once to become a payment method, and keeps only what a charge needs.
 */
export const offlineCards = pgTable('offline_cards', {
  token: text('token').primaryKey(),
  paymentMethodId: text('payment_method_id').unique(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** What charges to this card answer (the test cards decide it). */
  outcome: text('outcome', { enum: ['success', 'declined', 'insufficient_funds'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  attachedAt: timestamp('attached_at', { withTimezone: true }),
});

/** The trial's mails an account was sent (3 days left, 1 day left, ended): each once, by its key. */
export const trialNotices = pgTable(
  'trial_notices',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    notice: text('notice', { enum: ['3d', '1d', 'ended'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.notice] })],
);
