import { PROVIDER_LABELS, SIZES, findRegion, formatMoney, formatUnitPrice, type BillingAddress, type Invoice, type InvoiceLine, type InvoiceStatus, type Micros } from '@replay/contracts';

/**
 * The invoice as a document: every text the PDF (invoice-pdf.ts) and the
 * hosted page (invoice-page.ts) show, formatted once here, so both say the
 * same thing. Neither renderer formats a number, a date or an amount itself.
 */

export interface InvoiceDocumentLine {
  /** The invoice line's own description. */
  description: string;
  /** What was billed, from the catalogue: 'Amazon Web Services · US East (N. Virginia) · Small (2 vCPU, 8 GB RAM)'. */
  detail: string;
  /** '720 hours', '86,400 GB-hours'. */
  quantity: string;
  /** '$0.276 / hour', '$0.0006 / GB-hour'. */
  unitPrice: string;
  /** '$198.72'; '$0.00' for the free trial's. */
  amount: string;
  /** The free trial's hours: listed, never charged. */
  freeTrial: boolean;
}

export interface InvoiceDocumentBillTo {
  /** The billing name, or the account's name when billing has none. */
  name: string;
  /** The account's name when it differs from the billing name, else null. */
  accountName: string | null;
  /** Postal lines, the country's English name last. Without an address, the invoice's country alone, if any. */
  addressLines: string[];
}

export interface InvoiceDocument {
  /** 'Invoice INV-0001': the PDF's Title and the page's <title>. */
  title: string;
  number: string;
  status: InvoiceStatus;
  /** 'Open', 'Paid', 'Void', 'Uncollectible'. */
  statusLabel: string;
  seller: { productName: string; supportEmail: string };
  billTo: InvoiceDocumentBillTo;
  /** 'November 1, 2026' (UTC), from `created`. */
  invoiceDate: string;
  /** 'December 15, 2026' (UTC). */
  dueDate: string;
  /** 'November 1 – November 30, 2026': the period's first and last day (its end is exclusive). */
  period: string;
  /** 'USD'. */
  currency: string;
  lines: InvoiceDocumentLine[];
  subtotal: string;
  total: string;
  amountPaid: string;
  /** What is still to pay (the invoice's amountRemaining). */
  amountDue: string;
  /** Short sentences under the totals ('All amounts are in USD.', the free trial's note). */
  notes: string[];
  /** Epoch ms the invoice was created: the PDF's CreationDate, so one invoice always renders the same bytes. */
  createdAtMs: number;
}

/** One row of the totals under the lines; `strong` rows (the sums) stand out and are ruled above. */
export interface InvoiceTotalRow {
  label: string;
  value: string;
  strong: boolean;
}

/** The totals, in order, for the page and the PDF alike: subtotal, total, amount paid, amount due. */
export function invoiceTotals(doc: InvoiceDocument): InvoiceTotalRow[] {
  return [
    { label: 'Subtotal', value: doc.subtotal, strong: false },
    { label: 'Total', value: doc.total, strong: true },
    { label: 'Amount paid', value: doc.amountPaid, strong: false },
    { label: 'Amount due', value: doc.amountDue, strong: true },
  ];
}

export interface InvoiceDocumentAccount {
  name: string;
  billingName: string | null;
  address: BillingAddress | null;
}

export interface InvoiceDocumentSeller {
  productName: string;
  supportEmail: string;
}

const STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Open',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
const monthDayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric' });
const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** 'November 1, 2026', in UTC. */
export function formatInvoiceDay(epochMs: number): string {
  return dayFormat.format(epochMs);
}

/**
 * The days a period covers, its end exclusive: [Nov 1, Dec 1) reads
 * 'November 1 – November 30, 2026'. The year is written once when both days
 * share it.
 */
export function formatInvoicePeriod(startMs: number, endMs: number): string {
  const lastMs = Math.max(startMs, endMs - 1);
  const first = new Date(startMs);
  const last = new Date(lastMs);
  if (first.getUTCFullYear() !== last.getUTCFullYear()) return `${dayFormat.format(first)} – ${dayFormat.format(last)}`;
  if (dayFormat.format(first) === dayFormat.format(last)) return dayFormat.format(first);
  return `${monthDayFormat.format(first)} – ${monthDayFormat.format(last)}, ${first.getUTCFullYear()}`;
}

/** '720 hours', '1 hour', '86,400 GB-hours'. */
function quantityText(line: InvoiceLine): string {
  const unit = line.kind === 'compute' ? 'hour' : 'GB-hour';
  return `${countFormat.format(line.quantity)} ${line.quantity === 1 ? unit : `${unit}s`}`;
}

function detailText(line: InvoiceLine): string {
  const region = findRegion(line.provider, line.region);
  const parts = [PROVIDER_LABELS[line.provider], region?.label ?? line.region];
  if (line.kind === 'compute' && line.instanceType) {
    const size = SIZES[line.instanceType];
    parts.push(`${size.label} (${size.vcpu} vCPU, ${size.memoryGb} GB RAM)`);
  }
  if (line.kind === 'storage') parts.push('Disk storage');
  return parts.join(' · ');
}

/** 'United States' for 'US'; the code itself when Intl has no name for it. */
function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function addressLines(address: BillingAddress | null, accountCountry: string | null): string[] {
  if (!address) return accountCountry ? [countryName(accountCountry)] : [];
  const cityLine = [[address.city, address.state].filter(Boolean).join(', '), address.postalCode].filter(Boolean).join(' ');
  return [address.line1, address.line2, cityLine, countryName(address.country)].map((l) => l.trim()).filter(Boolean);
}

export function invoiceDocumentOf(invoice: Invoice, account: InvoiceDocumentAccount, seller: InvoiceDocumentSeller): InvoiceDocument {
  const currency = invoice.currency;
  const money = (micros: Micros) => formatMoney(micros, 2, currency);
  const billingName = account.billingName?.trim() || null;
  const name = billingName ?? account.name;
  const lines = invoice.lines.map((line): InvoiceDocumentLine => ({
    description: line.description,
    detail: detailText(line),
    quantity: quantityText(line),
    unitPrice: `${formatUnitPrice(line.unitPrice, currency)} / ${line.kind === 'compute' ? 'hour' : 'GB-hour'}`,
    amount: money(line.amount),
    freeTrial: line.freeTrial,
  }));
  const notes = [`All amounts are in ${currency}.`];
  if (lines.some((l) => l.freeTrial)) notes.push('Free trial hours are listed at no charge.');
  return {
    title: `Invoice ${invoice.number}`,
    number: invoice.number,
    status: invoice.status,
    statusLabel: STATUS_LABELS[invoice.status],
    seller: { productName: seller.productName, supportEmail: seller.supportEmail },
    billTo: {
      name,
      accountName: billingName && billingName !== account.name ? account.name : null,
      addressLines: addressLines(account.address, invoice.accountCountry),
    },
    invoiceDate: formatInvoiceDay(invoice.created * 1000),
    dueDate: formatInvoiceDay(invoice.dueDate * 1000),
    period: formatInvoicePeriod(invoice.periodStart, invoice.periodEnd),
    currency,
    lines,
    subtotal: money(invoice.subtotal),
    total: money(invoice.total),
    amountPaid: money(invoice.amountPaid),
    amountDue: money(invoice.amountRemaining),
    notes,
    createdAtMs: invoice.created * 1000,
  };
}
