import { describe, expect, it } from 'vitest';
import { makeInvoice } from './test-fixtures';
import { invoiceRows, mergeInvoicePage } from './invoice-pages';

const ids = (list: { id: string }[]) => list.map((i) => i.id);

describe('invoice pages', () => {
  it('page 1 replaces what was shown', () => {
    expect(ids(mergeInvoicePage([makeInvoice(1), makeInvoice(2)], 1, [makeInvoice(3)]))).toEqual(['inv_3']);
  });

  it('a page above 1 is appended, an invoice already shown not twice', () => {
    expect(ids(mergeInvoicePage([makeInvoice(1), makeInvoice(2)], 2, [makeInvoice(2), makeInvoice(3)]))).toEqual(['inv_1', 'inv_2', 'inv_3']);
  });

  it('merges the fetched pages in order, with the last page’s total and has_more', () => {
    const data = {
      pages: [
        { list: [makeInvoice(1)], total: 3, has_more: true },
        { list: [makeInvoice(2), makeInvoice(3)], total: 3, has_more: false },
      ],
      pageParams: [1, 2],
    };
    expect(invoiceRows(data)).toMatchObject({ total: 3, hasMore: false });
    expect(ids(invoiceRows(data).rows)).toEqual(['inv_1', 'inv_2', 'inv_3']);
  });
});
