import type { InfiniteData } from '@tanstack/react-query';
import type { Invoice, InvoiceList } from '@replay/contracts';

/**
 * Spec: "lists append when page is above 1, otherwise replace". An invoice already shown
 * is not added twice: one issued between two fetches shifts the server's pages by a row.
 */
export function mergeInvoicePage(shown: readonly Invoice[], page: number, fetched: readonly Invoice[]): Invoice[] {
  if (page <= 1) return [...fetched];
  const known = new Set(shown.map((i) => i.id));
  return [...shown, ...fetched.filter((i) => !known.has(i.id))];
}

export interface InvoiceRows {
  rows: Invoice[];
  /** Every invoice the account has (the server's count, beyond those fetched). */
  total: number;
  hasMore: boolean;
}

/** The fetched pages in the order they came, merged by the rule above. */
export function invoiceRows(data: InfiniteData<InvoiceList, number>): InvoiceRows {
  const rows = data.pages.reduce<Invoice[]>((shown, list, i) => mergeInvoicePage(shown, data.pageParams[i] ?? 1, list.list), []);
  const last = data.pages.at(-1);
  return { rows, total: last?.total ?? rows.length, hasMore: last?.has_more ?? false };
}
