import { and, count, desc, eq } from 'drizzle-orm';
import { API_PREFIX, type Invoice } from '@replay/contracts';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;

/** Where the invoice's PDF is served (under the API, VIEW_BILLING of its account) and its hosted page (its secret link). */
export const invoicePdfPath = (id: string) => `${API_PREFIX}/managed-saas/invoices/${id}/pdf`;
export const hostedInvoicePath = (token: string) => `/invoices/${token}`;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The row as the API answers it (spec: Invoice). */
export function invoiceOf(row: InvoiceRow, publicUrl: string): Invoice {
  const paid = row.status === 'paid';
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    accountCountry: row.accountCountry,
    amountDue: row.total,
    amountPaid: row.amountPaid,
    amountRemaining: Math.max(0, row.total - row.amountPaid),
    created: seconds(row.createdAt),
    currency: row.currency,
    dueDate: seconds(row.dueAt),
    invoicePdf: invoicePdfPath(row.id),
    hostedInvoiceUrl: `${publicUrl.replace(/\/+$/, '')}${hostedInvoicePath(row.hostedToken)}`,
    paid,
    total: row.total,
    subtotal: row.subtotal,
    periodStart: row.periodStart.getTime(),
    periodEnd: row.periodEnd.getTime(),
    lines: row.lines,
    lastPaymentError: row.status === 'open' ? row.lastPaymentError : null,
    nextPaymentAttempt: row.status === 'open' && row.nextAttemptAt ? row.nextAttemptAt.getTime() : null,
  };
}

export function invoicesRepo(db: Db) {
  return {
    /** Newest first. */
    async page(tenantId: string, page: number, limit: number): Promise<{ rows: InvoiceRow[]; total: number }> {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(invoices)
          .where(eq(invoices.tenantId, tenantId))
          .orderBy(desc(invoices.createdAt), desc(invoices.number))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(invoices).where(eq(invoices.tenantId, tenantId)),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    async one(tenantId: string, id: string): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id)));
      return row;
    },

    async byHostedToken(token: string): Promise<InvoiceRow | undefined> {
      const [row] = await db.select().from(invoices).where(eq(invoices.hostedToken, token));
      return row;
    },
  };
}
