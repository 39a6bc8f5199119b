import { eq } from 'drizzle-orm';
import type { InvoiceList } from '@replay/contracts';
import type { Db } from '../../db/client';
import { tenants } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { invoiceDocumentOf, type InvoiceDocument } from './invoice-document';
import { renderInvoicePage } from './invoice-page';
import { renderInvoicePdf } from './invoice-pdf';
import { invoiceOf, invoicesRepo, type InvoiceRow } from './invoices.repo';

export interface InvoicesDeps {
  db: Db;
  publicUrl: string;
  seller: { productName: string; supportEmail: string };
}

const notFound = () => new AppError('not_found', ['Invoice not found.']);

/** The account's invoices: the list, each one's PDF (members with VIEW_BILLING) and its hosted page (its secret link). */
export function createInvoicesService(deps: InvoicesDeps) {
  const repo = invoicesRepo(deps.db);

  async function documentOf(row: InvoiceRow): Promise<InvoiceDocument> {
    const [tenant] = await deps.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, row.tenantId));
    return invoiceDocumentOf(invoiceOf(row, deps.publicUrl), { name: tenant?.name ?? '', billingName: row.billingName, address: row.billingAddress }, deps.seller);
  }

  return {
    async list(p: Principal, q: { page: number; limit: number }): Promise<InvoiceList> {
      const { rows, total } = await repo.page(p.tenantId, q.page, q.limit);
      return { list: rows.map((r) => invoiceOf(r, deps.publicUrl)), total, has_more: (q.page - 1) * q.limit + rows.length < total };
    },

    /** Another account's invoice is not found, as an unknown one. */
    async pdf(p: Principal, id: string): Promise<Buffer> {
      const row = await repo.one(p.tenantId, id);
      if (!row) throw notFound();
      return renderInvoicePdf(await documentOf(row));
    },

    /** The hosted page, or null for a token no invoice has. */
    async hostedPage(token: string): Promise<string | null> {
      const row = await repo.byHostedToken(token);
      return row ? renderInvoicePage(await documentOf(row), { pdfUrl: null }) : null;
    },
  };
}
