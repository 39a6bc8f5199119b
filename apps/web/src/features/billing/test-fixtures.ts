import { billingDetailsSchema, invoiceSchema, utilizationSchema, type BillingDetails, type Invoice, type Utilization } from '@replay/contracts';

/** Billing details without a card (a trial account's), checked against the contract. */
export function makeBillingDetails(overrides: Partial<BillingDetails> = {}): BillingDetails {
  return billingDetailsSchema.parse({
    hasBillingDetails: false,
    name: null,
    address: null,
    last4: null,
    card: null,
    currency: 'USD',
    cost: 12_340_000,
    projectedCost: 1_234_567_890,
    nextBillingDate: Date.UTC(2026, 11, 1, 12),
    periodStart: Date.UTC(2026, 10, 1),
    ...overrides,
  });
}

/** Details with a saved Visa card and a London address. */
export function makeBillingDetailsWithCard(overrides: Partial<BillingDetails> = {}): BillingDetails {
  return makeBillingDetails({
    hasBillingDetails: true,
    name: 'Ada Owner',
    address: { line1: '1 Main Street', line2: '', city: 'London', postalCode: 'N1 9GU', state: '', country: 'GB' },
    last4: '4242',
    card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    ...overrides,
  });
}

export function makeUtilization(overrides: Partial<Utilization> = {}): Utilization {
  return utilizationSchema.parse({
    periodStart: Date.UTC(2026, 10, 1),
    periodEnd: Date.UTC(2026, 11, 1),
    meteredUntil: Date.UTC(2026, 10, 11),
    instances: [
      {
        provider: 'aws',
        region: 'us-east-1',
        capacity: 'Small',
        configuration: '2 vCPU · 8 GB RAM',
        instanceType: 'small',
        instancesCount: 2,
        utilizationHours: 1440,
        hourlyPrice: 276_000,
        cost: 397_440_000,
        currency: 'USD',
        freeTrial: false,
      },
      {
        provider: 'gcp',
        region: 'us-east1',
        capacity: 'Medium',
        configuration: '4 vCPU · 16 GB RAM',
        instanceType: 'medium',
        instancesCount: 1,
        utilizationHours: 24,
        hourlyPrice: 0,
        cost: 0,
        currency: 'USD',
        freeTrial: true,
      },
    ],
    storages: [{ provider: 'aws', region: 'us-east-1', instancesCount: 2, storage: 172_800, pricePerGbHour: 600, cost: 103_680_000, currency: 'USD', freeTrial: false }],
    total: 501_120_000,
    currency: 'USD',
    ...overrides,
  });
}

/** Invoice number n (INV-0001…), created n days after Nov 1 2026, paid unless told otherwise. */
export function makeInvoice(n: number, overrides: Partial<Invoice> = {}): Invoice {
  const number = `INV-${String(n).padStart(4, '0')}`;
  return invoiceSchema.parse({
    id: `inv_${n}`,
    number,
    status: 'paid',
    accountCountry: 'GB',
    amountDue: 10_000_000,
    amountPaid: 10_000_000,
    amountRemaining: 0,
    created: Math.floor(Date.UTC(2026, 10, 1 + n, 12) / 1000),
    currency: 'USD',
    dueDate: Math.floor(Date.UTC(2026, 10, 1 + n, 12) / 1000),
    invoicePdf: `/api/managed-saas/invoices/inv_${n}/pdf`,
    hostedInvoiceUrl: `https://console.example.com/invoices/inv_${n}`,
    paid: true,
    total: 10_000_000,
    subtotal: 10_000_000,
    periodStart: Date.UTC(2026, 9, 1),
    periodEnd: Date.UTC(2026, 10, 1),
    lines: [],
    lastPaymentError: null,
    nextPaymentAttempt: null,
    ...overrides,
  });
}
