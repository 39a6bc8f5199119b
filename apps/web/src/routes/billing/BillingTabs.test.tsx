import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { Invoice } from '@replay/contracts';
import { ok, stubSignedIn, type StubRequest, type StubResponse } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { makeBillingDetailsWithCard, makeInvoice, makeUtilization } from '../../features/billing/test-fixtures';
import { LOAD_MORE, NO_INVOICES } from './InvoicesTab';
import { FREE_TRIAL, NO_USAGE } from './UtilizationTab';

const INVOICES = '/api/managed-saas/invoices';
const PAYING = makeAccount({ isTrial: false, hasBillingDetails: true, plan: { type: 'paid', remaingSessions: null, billingSetup: true, remainingTrialDays: 0 } });

function open(path: string, handlers: Record<string, StubResponse | ((req: StubRequest) => StubResponse)>) {
  const stub = stubSignedIn(PAYING, makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/managed-saas/billing-details': ok(makeBillingDetailsWithCard()),
    'GET /api/managed-saas/utilization': ok(makeUtilization()),
    ...handlers,
  });
  renderApp(path);
  return { stub, user: userEvent.setup() };
}

const numbersShown = () => screen.getAllByTestId('invoice-row').map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => makeInvoice(from + i));

afterEach(() => notifications.clean());

describe('Utilization tab', () => {
  it('lists compute and storage rows with their labels and prices, the free trial marked, and the total', async () => {
    open('/billing', {});
    const compute = await screen.findByRole('table', { name: 'Compute usage' });
    const [paid, trial] = within(compute).getAllByTestId('utilization-instance-row');
    expect(
      within(paid!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Amazon Web Services', 'US East (N. Virginia)', 'Small2 vCPU · 8 GB RAM', '2', '1,440', '$0.276', '$397.44']);
    expect(within(trial!).getByText(FREE_TRIAL)).toBeInTheDocument();
    expect(within(trial!).getByText('Google Cloud')).toBeInTheDocument();
    expect(within(paid!).queryByText(FREE_TRIAL)).not.toBeInTheDocument();

    const storage = screen.getByRole('table', { name: 'Storage usage' });
    expect(
      within(storage)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Provider', 'Region', 'Instances', 'GB-hours', 'Price per GB-hour', 'Cost']);
    expect(
      within(within(storage).getByTestId('utilization-storage-row'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Amazon Web Services', 'US East (N. Virginia)', '2', '172,800', '$0.0006', '$103.68']);
    expect(screen.getByTestId('utilization-total')).toHaveTextContent('$501.12');
    expect(screen.getByText('Period: Nov 1 – Nov 30, 2026')).toBeInTheDocument();
  });

  it('says so when the period has no usage yet', async () => {
    open('/billing', { 'GET /api/managed-saas/utilization': ok(makeUtilization({ instances: [], storages: [], total: 0 })) });
    expect(await screen.findByText(NO_USAGE)).toBeInTheDocument();
    expect(screen.getByTestId('utilization-total')).toHaveTextContent('$0.00');
  });
});

describe('Invoices tab', () => {
  it('shows 10 of the 30 fetched a page; Load More appends the next page to the first', async () => {
    const all = range(1, 35);
    const { stub, user } = open('/billing?tab=invoices', {
      [`GET ${INVOICES}`]: (req) => {
        const page = Number(new URLSearchParams(req.search).get('page'));
        const list = all.slice((page - 1) * 30, page * 30);
        return ok({ list, total: all.length, has_more: page * 30 < all.length });
      },
    });
    await screen.findByRole('table', { name: 'Invoices' });
    expect(stub.callsTo(`GET ${INVOICES}`).map((c) => c.search)).toEqual(['?page=1&limit=30']);
    expect(numbersShown()).toEqual(range(1, 10).map((i) => i.number));
    expect(screen.getByText('Showing 1 to 10 of 35 invoices.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(numbersShown()).toEqual(range(21, 30).map((i) => i.number));

    await user.click(screen.getByTestId('invoices-load-more'));
    await waitFor(() => expect(numbersShown()).toEqual(range(31, 35).map((i) => i.number)));
    expect(stub.callsTo(`GET ${INVOICES}`).map((c) => c.search)).toEqual(['?page=1&limit=30', '?page=2&limit=30']);
    expect(screen.getByText('Showing 31 to 35 of 35 invoices.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LOAD_MORE })).not.toBeInTheDocument();
    // Appended: the first page is still there.
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(numbersShown()).toEqual(range(1, 10).map((i) => i.number));
  });

  it('shows the status, a failed payment’s reason, the total, and links to the hosted invoice', async () => {
    const open1: Invoice = makeInvoice(2, { status: 'open', paid: false, amountPaid: 0, amountRemaining: 10_000_000, lastPaymentError: 'Your card was declined.' });
    open('/billing?tab=invoices', { [`GET ${INVOICES}`]: ok({ list: [open1, makeInvoice(1)], total: 2, has_more: false }) });
    const [first, second] = await screen.findAllByTestId('invoice-row');
    expect(within(first!).getByText('Open')).toBeInTheDocument();
    expect(within(first!).getByText('Your card was declined.')).toBeInTheDocument();
    expect(within(first!).getByText('$10.00')).toBeInTheDocument();
    expect(within(first!).getByText('Oct 1 – Oct 31, 2026')).toBeInTheDocument();
    expect(within(second!).getByText('Paid')).toBeInTheDocument();
    const view = within(second!).getByRole('link', { name: /View invoice INV-0001/ });
    expect(view).toHaveAttribute('href', 'https://console.example.com/invoices/inv_1');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('button', { name: LOAD_MORE })).not.toBeInTheDocument();
  });

  it('downloads the PDF with the session’s token, named after the invoice', async () => {
    // jsdom has no object URLs; these stay for the rest of this file (its own environment), so the delayed revoke finds one.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() });
    const clicked: { download: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    const { stub, user } = open('/billing?tab=invoices', {
      [`GET ${INVOICES}`]: ok({ list: [makeInvoice(1)], total: 1, has_more: false }),
      [`GET ${INVOICES}/inv_1/pdf`]: { status: 200, body: '%PDF-1.7' },
    });
    await user.click(await screen.findByRole('button', { name: 'PDF of invoice INV-0001' }));
    await waitFor(() => expect(clicked).toEqual([{ download: 'INV-0001.pdf', href: 'blob:invoice' }]));
    expect(stub.callsTo(`GET ${INVOICES}/inv_1/pdf`)[0]?.authorization).toMatch(/^Bearer /);
    click.mockRestore();
  });

  it('says when there are no invoices yet', async () => {
    open('/billing?tab=invoices', { [`GET ${INVOICES}`]: ok({ list: [], total: 0, has_more: false }) });
    expect(await screen.findByText(NO_INVOICES)).toBeInTheDocument();
  });
});
