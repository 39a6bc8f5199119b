import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUnitPrice, type Invoice, type InvoiceLine } from '@replay/contracts';
import { formatInvoicePeriod, invoiceDocumentOf, type InvoiceDocument } from '../../src/modules/billing/invoice-document';
import { renderInvoicePdf } from '../../src/modules/billing/invoice-pdf';
import { INVOICE_PAGE_CSP, renderInvoicePage } from '../../src/modules/billing/invoice-page';

const run = promisify(execFile);

const SELLER = { productName: 'Replay', supportEmail: 'billing@replay.example' };
const ACCOUNT = {
  name: 'Acme Workspace',
  billingName: 'Acme Corporation',
  address: { line1: '1 Market Street', line2: 'Suite 200', city: 'San Francisco', postalCode: '94105', state: 'CA', country: 'US' },
};

const seconds = (iso: string) => Date.parse(iso) / 1000;

const LINES: InvoiceLine[] = [
  {
    kind: 'compute',
    description: 'Small instance db-primary',
    provider: 'aws',
    region: 'us-east-1',
    instanceType: 'small',
    quantity: 720,
    unitPrice: 276_000,
    amount: 198_720_000,
    freeTrial: false,
  },
  {
    kind: 'compute',
    description: 'Medium instance analytics',
    provider: 'aws',
    region: 'eu-west-1',
    instanceType: 'medium',
    quantity: 300,
    unitPrice: 615_000,
    amount: 184_500_000,
    freeTrial: false,
  },
  {
    kind: 'compute',
    description: 'Small instance trial-box',
    provider: 'gcp',
    region: 'us-east1',
    instanceType: 'small',
    quantity: 720,
    unitPrice: 0,
    amount: 0,
    freeTrial: true,
  },
  {
    kind: 'storage',
    description: 'Storage US East (N. Virginia)',
    provider: 'aws',
    region: 'us-east-1',
    instanceType: null,
    quantity: 86_400,
    unitPrice: 600,
    amount: 51_840_000,
    freeTrial: false,
  },
  {
    kind: 'storage',
    description: 'Storage Europe (Ireland)',
    provider: 'aws',
    region: 'eu-west-1',
    instanceType: null,
    quantity: 1_000,
    unitPrice: 666,
    amount: 670_000,
    freeTrial: false,
  },
];

function invoiceWith(lines: InvoiceLine[], overrides: Partial<Invoice> = {}): Invoice {
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  return {
    id: '6f1c2a52-8d0e-4f7a-9a51-2f3b8f0f6f10',
    number: 'INV-2026-0042',
    status: 'open',
    accountCountry: 'US',
    amountDue: total,
    amountPaid: 0,
    amountRemaining: total,
    created: seconds('2026-12-01T00:00:00Z'),
    currency: 'USD',
    dueDate: seconds('2026-12-15T00:00:00Z'),
    invoicePdf: '/api/managed-saas/invoices/6f1c2a52-8d0e-4f7a-9a51-2f3b8f0f6f10/pdf',
    hostedInvoiceUrl: 'https://console.example/invoices/hosted/abc',
    paid: false,
    total,
    subtotal: total,
    periodStart: Date.parse('2026-11-01T00:00:00Z'),
    periodEnd: Date.parse('2026-12-01T00:00:00Z'),
    lines,
    lastPaymentError: null,
    nextPaymentAttempt: null,
    ...overrides,
  };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'invoice-documents-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let fileCount = 0;
async function pdfFile(pdf: Buffer): Promise<string> {
  const file = join(dir, `invoice-${++fileCount}.pdf`);
  await writeFile(file, pdf);
  return file;
}

async function pdfText(pdf: Buffer, pages?: { first: number; last: number }): Promise<string> {
  const range = pages ? ['-f', String(pages.first), '-l', String(pages.last)] : [];
  const { stdout } = await run('/usr/bin/pdftotext', ['-layout', ...range, await pdfFile(pdf), '-']);
  return stdout;
}

async function pdfInfo(pdf: Buffer): Promise<Record<string, string>> {
  const { stdout } = await run('/usr/bin/pdfinfo', [await pdfFile(pdf)]);
  return Object.fromEntries(
    stdout
      .split('\n')
      .filter((l) => l.includes(':'))
      .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
  );
}

const TABLE_HEADER = /Description\s+Quantity\s+Unit price\s+Amount/g;

function amountsOf(doc: InvoiceDocument): string[] {
  return [...doc.lines.map((l) => l.amount), doc.subtotal, doc.total, doc.amountPaid, doc.amountDue];
}

describe('the invoice view model', () => {
  const doc = invoiceDocumentOf(invoiceWith(LINES), ACCOUNT, SELLER);

  it('formats every text once: dates in UTC, the period end exclusive, quantities, prices and amounts', () => {
    expect(doc).toMatchObject({
      title: 'Invoice INV-2026-0042',
      number: 'INV-2026-0042',
      statusLabel: 'Open',
      invoiceDate: 'December 1, 2026',
      dueDate: 'December 15, 2026',
      period: 'November 1 – November 30, 2026',
      subtotal: '$435.73',
      total: '$435.73',
      amountPaid: '$0.00',
      amountDue: '$435.73',
      createdAtMs: Date.parse('2026-12-01T00:00:00Z'),
    });
    expect(doc.billTo).toEqual({
      name: 'Acme Corporation',
      accountName: 'Acme Workspace',
      addressLines: ['1 Market Street', 'Suite 200', 'San Francisco, CA 94105', 'United States'],
    });
    expect(doc.lines.map((l) => [l.quantity, l.unitPrice, l.amount, l.freeTrial])).toEqual([
      ['720 hours', '$0.276 / hour', '$198.72', false],
      ['300 hours', '$0.615 / hour', '$184.50', false],
      ['720 hours', '$0.00 / hour', '$0.00', true],
      ['86,400 GB-hours', '$0.0006 / GB-hour', '$51.84', false],
      ['1,000 GB-hours', '$0.000666 / GB-hour', '$0.67', false],
    ]);
    expect(doc.lines[0]!.detail).toBe('Amazon Web Services · US East (N. Virginia) · Small (2 vCPU, 8 GB RAM)');
    expect(doc.notes).toContain('Free trial hours are listed at no charge.');
  });

  it('writes unit prices exactly, with formatMoney where 3 decimals suffice', () => {
    expect(formatUnitPrice(600, 'USD')).toBe('$0.0006');
    expect(formatUnitPrice(666, 'USD')).toBe('$0.000666');
    expect(formatUnitPrice(1, 'USD')).toBe('$0.000001');
    expect(formatUnitPrice(276_000, 'USD')).toBe('$0.276');
    expect(formatUnitPrice(1_000_000, 'USD')).toBe('$1.00');
    expect(formatUnitPrice(1_234_567_890, 'USD')).toBe('$1,234.56789');
    expect(() => formatUnitPrice(0.5, 'USD')).toThrow(RangeError);
  });

  it('writes periods across a year, and a billing name fallback without an address', () => {
    expect(formatInvoicePeriod(Date.parse('2026-12-15T00:00:00Z'), Date.parse('2027-01-15T00:00:00Z'))).toBe('December 15, 2026 – January 14, 2027');
    expect(formatInvoicePeriod(Date.parse('2026-12-01T00:00:00Z'), Date.parse('2027-01-01T00:00:00Z'))).toBe('December 1 – December 31, 2026');
    const bare = invoiceDocumentOf(invoiceWith(LINES, { accountCountry: 'DE' }), { name: 'Acme', billingName: null, address: null }, SELLER);
    expect(bare.billTo).toEqual({ name: 'Acme', accountName: null, addressLines: ['Germany'] });
  });
});

describe('the invoice PDF', () => {
  const doc = invoiceDocumentOf(invoiceWith(LINES), ACCOUNT, SELLER);
  let pdf: Buffer;
  let text: string;
  beforeAll(async () => {
    pdf = await renderInvoicePdf(doc);
    text = await pdfText(pdf);
  });

  it('is a one-page A4 PDF with the invoice title and seller as metadata', async () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const info = await pdfInfo(pdf);
    expect(info['Pages']).toBe('1');
    expect(info['Title']).toBe('Invoice INV-2026-0042');
    expect(info['Author']).toBe('Replay');
    expect(info['Page size']).toMatch(/^595\.2\d* x 841\.8\d* pts \(A4\)/);
  });

  it('holds the number, the bill-to, the dates, every line and the totals', () => {
    for (const expected of [
      'INVOICE',
      'INV-2026-0042',
      'Acme Corporation',
      '1 Market Street',
      'San Francisco, CA 94105',
      'United States',
      'December 1, 2026',
      'December 15, 2026',
      'November 1 – November 30, 2026',
      'Free trial',
      'billing@replay.example',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.match(TABLE_HEADER)).toHaveLength(1);
    for (const line of doc.lines) {
      expect(text).toContain(line.description);
      expect(text).toContain(line.quantity);
      expect(text).toContain(line.unitPrice);
      expect(text).toContain(line.amount);
    }
    expect(text).toMatch(/Subtotal\s+\$435\.73/);
    expect(text).toMatch(/Total\s+\$435\.73/);
    expect(text).toMatch(/Amount paid\s+\$0\.00/);
    expect(text).toMatch(/Amount due\s+\$435\.73/);
  });

  it('renders the same bytes every time', async () => {
    const again = await renderInvoicePdf(invoiceDocumentOf(invoiceWith(LINES), ACCOUNT, SELLER));
    expect(again.equals(pdf)).toBe(true);
  });

  it('runs 150 lines over several pages, the table header and the page count on each', async () => {
    const many: InvoiceLine[] = Array.from({ length: 150 }, (_, i) => ({
      ...LINES[i % 2]!,
      description: `Instance node-${String(i + 1).padStart(3, '0')}`,
    }));
    const big = invoiceDocumentOf(invoiceWith(many), ACCOUNT, SELLER);
    const bigPdf = await renderInvoicePdf(big);
    const pages = Number((await pdfInfo(bigPdf))['Pages']);
    expect(pages).toBeGreaterThan(1);

    const all = await pdfText(bigPdf);
    expect(all.match(TABLE_HEADER)).toHaveLength(pages);
    for (let i = 1; i <= 150; i++) expect(all).toContain(`Instance node-${String(i).padStart(3, '0')}`);
    expect(all).toMatch(new RegExp(`Amount due\\s+${big.amountDue.replace(/[$.]/g, '\\$&')}`));

    for (let page = 1; page <= pages; page++) {
      const one = await pdfText(bigPdf, { first: page, last: page });
      expect(one).toContain(`Page ${page} of ${pages}`);
      expect(one.match(TABLE_HEADER)).toHaveLength(1);
      if (page > 1) expect(one).toContain('Invoice INV-2026-0042 (continued)');
    }

    const again = await renderInvoicePdf(big);
    expect(again.equals(bigPdf)).toBe(true);
  });
});

describe('the hosted invoice page', () => {
  const hostile = '<script>alert(1)</script>';
  const doc = invoiceDocumentOf(invoiceWith(LINES), { ...ACCOUNT, billingName: hostile }, SELLER);
  const html = renderInvoicePage(doc, { pdfUrl: '/api/managed-saas/invoices/6f1c2a52/pdf?a=1&b=2' });

  it('escapes every value: a billing name never becomes markup', () => {
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).not.toContain(hostile);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('href="/api/managed-saas/invoices/6f1c2a52/pdf?a=1&#38;b=2"');
  });

  it('says what the PDF says: the same amounts, dates and lines', async () => {
    const text = await pdfText(await renderInvoicePdf(doc));
    expect(text).toContain(hostile);
    for (const amount of amountsOf(doc)) {
      expect(html).toContain(amount);
      expect(text).toContain(amount);
    }
    for (const line of doc.lines) {
      for (const value of [line.description, line.quantity, line.unitPrice]) {
        expect(html).toContain(value);
        expect(text).toContain(value);
      }
    }
    for (const value of [doc.number, doc.invoiceDate, doc.dueDate, doc.period, doc.statusLabel, 'Free trial']) {
      expect(html).toContain(value);
      expect(text).toContain(value);
    }
  });

  it('is an accessible, self-contained page with a PDF link only when there is one', () => {
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<title>Invoice INV-2026-0042 - Replay</title>');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html.match(/<th scope="col"/g)).toHaveLength(4);
    expect(html.match(/<th scope="row">/g)).toHaveLength(LINES.length);
    expect(html).toContain('>Download PDF</a>');
    expect(html).not.toMatch(/<(img|link|iframe)\b/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(renderInvoicePage(doc, { pdfUrl: null })).not.toContain('Download PDF');
    expect(() => renderInvoicePage(doc, { pdfUrl: 'javascript:alert(1)' })).toThrow();
  });

  it('comes with a CSP that allows no script, its inline style only, and no framing', () => {
    expect(INVOICE_PAGE_CSP).toContain("default-src 'none'");
    expect(INVOICE_PAGE_CSP).toContain("style-src 'unsafe-inline'");
    expect(INVOICE_PAGE_CSP).toContain("frame-ancestors 'none'");
    expect(INVOICE_PAGE_CSP).not.toMatch(/script-src/);
  });
});
