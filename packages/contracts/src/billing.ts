import { z } from 'zod';
import { instanceSizeSchema, providerSchema } from './catalogue';
import { microsSchema } from './money';
import { safeExactText, safePaging, safeText, uuidParamsSchema } from './safe';
import { MESSAGES } from './validation';

/**
 * Billing (spec sections 2, 3, 7 and 9; issue 13). Amounts are integer µ$
 * (money.ts) on the wire like everywhere else; an invoice's amounts are whole
 * cents, written as µ$ too (a multiple of 10,000).
 */

export const BILLING_MESSAGES = {
  saved: 'Billing details saved.',
  saveFailed: 'Error saving billing details.',
  stripeNotLoaded: 'Stripe.js has not loaded yet.',
  /* The spec gives no wording for these. */
  tokenUnknown: 'The card could not be verified. Enter the card again.',
  cardRequired: 'Enter a card to set up billing.',
  alreadySetUp: 'Billing details exist already: edit them instead.',
  notSetUp: 'Set up billing details first.',
  cardIncomplete: 'Enter the card number, expiry and CVC.',
  addressIncomplete: 'Enter the full billing address.',
} as const;

/**
 * The trial's end without billing details (spec: 'Your free trial has ended.'; the rest is
 * decided here, docs/decisions/billing.md): the account's billing members are mailed 3 days and 1
 * day before; at the end, its running instances are stopped and starting one needs billing
 * details; their data is kept TRIAL_DATA_KEPT_DAYS more, then the instances are terminated
 * (those under termination protection stay stopped).
 */
export const TRIAL_NOTICE_DAYS = [3, 1] as const;
export const TRIAL_DATA_KEPT_DAYS = 30;

/** The currency every price and invoice is in (spec section 9: USD, en-US). */
export const CURRENCY = 'USD';

/** Address fields: sized like a postal label, every one a storable text. */
export const billingAddressSchema = z
  .object({
    line1: safeText(200).min(1, MESSAGES.required),
    line2: safeText(200).default(''),
    city: safeText(100).min(1, MESSAGES.required),
    postalCode: safeText(20).min(1, MESSAGES.required),
    state: safeText(100).default(''),
    /** ISO 3166-1 alpha-2. */
    country: safeText(2).regex(/^[A-Z]{2}$/, 'Choose a country.'),
  })
  .strict();
export type BillingAddress = z.infer<typeof billingAddressSchema>;

/** A card token: what the payment provider's own tokenizer answered (the offline one's `tok_…`, Stripe's `pm_…`). */
export const cardTokenSchema = safeExactText(255).regex(/^[A-Za-z0-9_]{6,255}$/, BILLING_MESSAGES.tokenUnknown);

/** POST /plans/billing: the first time, every part is complete. */
export const createBillingSchema = z.object({ name: safeText(120).min(1, MESSAGES.required), cardToken: cardTokenSchema, address: billingAddressSchema }).strict();
export type CreateBillingInput = z.infer<typeof createBillingSchema>;

/** PUT /plans/edit: the card is replaced only when a new token comes; the name and address always. */
export const editBillingSchema = z.object({ name: safeText(120).min(1, MESSAGES.required), cardToken: cardTokenSchema.optional(), address: billingAddressSchema }).strict();
export type EditBillingInput = z.infer<typeof editBillingSchema>;

export const cardSummarySchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type CardSummary = z.infer<typeof cardSummarySchema>;

export { PAYMENT_PROVIDERS, type PaymentProviderKind } from './payment-providers';

/**
 * GET /managed-saas/billing-details: the spec's fields (never the card token:
 * it stays with the provider), the running period, and what the card reads.
 */
export const billingDetailsSchema = z.object({
  hasBillingDetails: z.boolean(),
  name: z.string().nullable(),
  address: billingAddressSchema.nullable(),
  last4: z.string().nullable(),
  card: cardSummarySchema.nullable(),
  currency: z.string(),
  /** The running period so far, µ$. */
  cost: microsSchema,
  /** `cost` plus the current hourly rate to the period's end: the Next Billing Amount card. */
  projectedCost: microsSchema,
  /** Epoch ms the running period closes and its invoice is issued. */
  nextBillingDate: z.number().int(),
  periodStart: z.number().int(),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

/** A row of compute (spec 'Utilization row'), per provider, region, size, and whether the trial's free hours. */
export const utilizationInstanceRowSchema = z.object({
  provider: providerSchema,
  region: z.string(),
  /** The size's label, e.g. 'Small'. */
  capacity: z.string(),
  /** What the size is, e.g. '2 vCPU · 8 GB RAM'. */
  configuration: z.string(),
  instanceType: instanceSizeSchema,
  instancesCount: z.number().int(),
  /** Billed clock hours (the quantity). */
  utilizationHours: z.number().int(),
  /** The hourly price these hours were billed at, µ$ (0 for the free trial's). */
  hourlyPrice: microsSchema,
  cost: microsSchema,
  currency: z.string(),
  /** The free trial's hours: listed, never charged. */
  freeTrial: z.boolean(),
});
export type UtilizationInstanceRow = z.infer<typeof utilizationInstanceRowSchema>;

/** Storage per provider and region: GB-hours of every disk that existed, terminated instances' included. */
export const utilizationStorageRowSchema = z.object({
  provider: providerSchema,
  region: z.string(),
  instancesCount: z.number().int(),
  /** GB-hours. */
  storage: z.number().int(),
  pricePerGbHour: microsSchema,
  cost: microsSchema,
  currency: z.string(),
  freeTrial: z.boolean(),
});
export type UtilizationStorageRow = z.infer<typeof utilizationStorageRowSchema>;

/** GET /managed-saas/utilization: the running period's rows. */
export const utilizationSchema = z.object({
  periodStart: z.number().int(),
  periodEnd: z.number().int(),
  /** Metered up to this moment (the end of the last whole or started hour counted). */
  meteredUntil: z.number().int(),
  instances: z.array(utilizationInstanceRowSchema),
  storages: z.array(utilizationStorageRowSchema),
  total: microsSchema,
  currency: z.string(),
});
export type Utilization = z.infer<typeof utilizationSchema>;

/** Invoices: 10 rows a table page, 30 fetched a call (spec section 9). */
export const INVOICES_PAGE_SIZE = 10;
export const INVOICES_FETCH_SIZE = 30;

/** draft: never shown; open: issued, not paid; paid; void: cancelled by an operator; uncollectible: given up on. */
export const INVOICE_STATUSES = ['open', 'paid', 'void', 'uncollectible'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const invoiceLineSchema = z.object({
  kind: z.enum(['compute', 'storage']),
  description: z.string(),
  provider: providerSchema,
  region: z.string(),
  instanceType: instanceSizeSchema.nullable(),
  /** Hours (compute) or GB-hours (storage). */
  quantity: z.number().int(),
  /** µ$ per hour or per GB-hour. */
  unitPrice: microsSchema,
  /** Whole cents, as µ$. */
  amount: microsSchema,
  freeTrial: z.boolean(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** The spec's Invoice entity, with its period and lines. */
export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  accountCountry: z.string().nullable(),
  amountDue: microsSchema,
  amountPaid: microsSchema,
  amountRemaining: microsSchema,
  /** Seconds since the epoch (spec). */
  created: z.number().int(),
  currency: z.string(),
  /** Seconds since the epoch. */
  dueDate: z.number().int(),
  /** The PDF, under the API (VIEW_BILLING of this account). */
  invoicePdf: z.string(),
  /** A page anyone holding its link may read, as a payment provider's hosted invoice is. */
  hostedInvoiceUrl: z.string(),
  paid: z.boolean(),
  total: microsSchema,
  subtotal: microsSchema,
  /** Epoch ms of the period the invoice bills. */
  periodStart: z.number().int(),
  periodEnd: z.number().int(),
  lines: z.array(invoiceLineSchema),
  /** The last failed charge's message, while the invoice is open. */
  lastPaymentError: z.string().nullable(),
  /** Epoch ms of the next charge attempt, while open. */
  nextPaymentAttempt: z.number().int().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoicesQuerySchema = z.object(safePaging(INVOICES_FETCH_SIZE, 'query'));

/** GET /managed-saas/invoices (spec: list, total, has_more). */
export const invoiceListSchema = z.object({ list: z.array(invoiceSchema), total: z.number().int(), has_more: z.boolean() });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const invoiceIdParamsSchema = uuidParamsSchema('Invoice not found.');
