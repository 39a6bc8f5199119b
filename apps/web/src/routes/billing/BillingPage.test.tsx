import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { BILLING_MESSAGES, OFFLINE_CARD_MESSAGES, OFFLINE_TOKENS_PATH, type Account } from '@replay/contracts';
import { failWith, ok, stubSignedIn, type StubResponse } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { locationNow, renderApp } from '../../test/render';
import { OFFLINE_HINT } from '../../features/billing/card/OfflineCardFields';
import { makeBillingDetails, makeBillingDetailsWithCard } from '../../features/billing/test-fixtures';
import { ASK_AN_ADMIN, SET_UP_BILLING } from './BillingSetupPanel';
import { formatDate } from '../../lib/format-date';

const DETAILS = 'GET /api/managed-saas/billing-details';
const CREATE = 'POST /api/plans/billing';
const EDIT = 'PUT /api/plans/edit';
const TOKENS = `POST ${OFFLINE_TOKENS_PATH}`;

const PAYING = makeAccount({ isTrial: false, hasBillingDetails: true, plan: { type: 'paid', remaingSessions: null, billingSetup: true, remainingTrialDays: 0 } });
const TOKEN = { id: 'tok_abc123', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 } };

function open(account: Account, details = makeBillingDetails(), handlers: Record<string, StubResponse | (() => StubResponse)> = {}) {
  const stub = stubSignedIn(account, makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    [DETAILS]: ok(details),
    'GET /api/managed-saas/utilization': ok({ periodStart: 0, periodEnd: 1, meteredUntil: 0, instances: [], storages: [], total: 0, currency: 'USD' }),
    [TOKENS]: { status: 200, body: TOKEN },
    ...handlers,
  });
  renderApp('/billing');
  return { stub, user: userEvent.setup() };
}

// Mantine animates dropdowns with requestAnimationFrame, which jsdom does not run: the options stay hidden.
const option = (name: string) => screen.findByRole('option', { name, hidden: true });

/** Free text pasted rather than typed key by key: each key re-renders the drawer, which a loaded machine makes slow. */
async function paste(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillAddress(user: ReturnType<typeof userEvent.setup>, drawer: HTMLElement) {
  await paste(user, within(drawer).getByRole('textbox', { name: 'Address line 1' }), '1 Main Street');
  await paste(user, within(drawer).getByRole('textbox', { name: 'City' }), 'London');
  await paste(user, within(drawer).getByRole('textbox', { name: 'Postal code' }), 'N1 9GU');
  await user.type(within(drawer).getByRole('textbox', { name: 'Country' }), 'United King');
  await user.click(await option('United Kingdom'));
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, drawer: HTMLElement) {
  await user.type(within(drawer).getByRole('textbox', { name: 'Card number' }), '4242424242424242');
  await user.type(within(drawer).getByRole('textbox', { name: 'Expiry (MM / YY)' }), '1230');
  await user.type(within(drawer).getByRole('textbox', { name: 'CVC' }), '123');
}

afterEach(() => notifications.clean());

describe('Billing cards', () => {
  it('shows the Next Billing Amount, Next Invoice Date and Credit Card, formatted', async () => {
    open(PAYING, makeBillingDetailsWithCard());
    expect(await screen.findByTestId('next-billing-amount')).toHaveTextContent('$1,234.57');
    expect(screen.getByText('So far this period: $12.34')).toBeInTheDocument();
    expect(screen.getByTestId('next-invoice-date')).toHaveTextContent('Dec 1, 2026');
    expect(screen.getByTestId('credit-card')).toHaveTextContent('•••• 4242');
    expect(screen.getByText('Visa · expires 12/2030')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit billing details' })).toBeInTheDocument();
    expect(screen.queryByTestId('billing-setup')).not.toBeInTheDocument();
  });

  it('says what a trial without billing details is shown under Next Billing Amount: an estimate, charged when and only if', async () => {
    const trialEndsAt = Date.now() + 7 * 86_400_000;
    open(makeAccount({ trialEndsAt }));
    expect(await screen.findByTestId('next-billing-amount')).toHaveTextContent('$1,234.57');
    expect(screen.getByText(`An estimate: charged on Dec 1, 2026 only if you add billing details. Your free trial ends on ${formatDate(trialEndsAt)}; nothing is charged for it.`)).toBeInTheDocument();
    expect(screen.queryByText(/So far this period/)).toBeNull();
  });

  it('says when a trial without billing details ended, and still what the amount is', async () => {
    const trialEndsAt = Date.now() - 86_400_000;
    open(makeAccount({ isTrial: false, remainingTrial: 0, trialEndsAt }));
    expect(await screen.findByText(`An estimate: charged on Dec 1, 2026 only if you add billing details. Your free trial ended on ${formatDate(trialEndsAt)}.`)).toBeInTheDocument();
  });

  it('shows a trial user the billing setup with the trial banner’s words', async () => {
    open(makeAccount());
    const panel = await screen.findByTestId('billing-setup');
    expect(panel).toHaveTextContent('Your free trial ends in 7 days.');
    expect(within(panel).getByRole('button', { name: SET_UP_BILLING })).toBeInTheDocument();
    expect(await screen.findByTestId('credit-card')).toHaveTextContent('No card on file');
  });

  it('is read-only without EDIT_BILLING: no Set up, Edit or Save', async () => {
    open(makeAccount({ permissions: ['VIEW_BILLING'] }));
    const panel = await screen.findByTestId('billing-setup');
    expect(panel).toHaveTextContent(ASK_AN_ADMIN);
    expect(await screen.findByTestId('credit-card')).toHaveTextContent('No card on file');
    expect(screen.queryByRole('button', { name: SET_UP_BILLING })).not.toBeInTheDocument();
    expect(screen.queryByTestId('billing-save')).not.toBeInTheDocument();
  });

  it('is read-only for a paying account’s viewer too', async () => {
    open({ ...PAYING, permissions: ['VIEW_BILLING'] }, makeBillingDetailsWithCard());
    expect(await screen.findByTestId('credit-card')).toHaveTextContent('•••• 4242');
    expect(screen.queryByRole('button', { name: 'Edit billing details' })).not.toBeInTheDocument();
  });
});

describe('Billing details drawer', () => {
  it('is 428 px wide', async () => {
    const { user } = open(makeAccount(), makeBillingDetails());
    await user.click(await screen.findByRole('button', { name: SET_UP_BILLING }));
    const drawer = await screen.findByRole('dialog', { name: 'Billing details' });
    const root = drawer.closest('.mantine-Drawer-root') as HTMLElement;
    // 26.75rem is 428px at the 16px root size.
    expect(root.style.getPropertyValue('--drawer-size')).toBe('calc(26.75rem * var(--mantine-scale))');
  });

  it('the first time, enables Save only with card and address complete, tokenizes offline, then POSTs', async () => {
    // The server's details as they are: a card once it was saved.
    let saved = false;
    const { stub, user } = open(makeAccount(), makeBillingDetails(), {
      [DETAILS]: () => ok(saved ? makeBillingDetailsWithCard() : makeBillingDetails()),
      [CREATE]: () => {
        saved = true;
        return ok(makeBillingDetailsWithCard());
      },
    });
    await user.click(await screen.findByRole('button', { name: SET_UP_BILLING }));
    const drawer = await screen.findByRole('dialog', { name: 'Billing details' });
    const save = within(drawer).getByTestId('billing-save');
    expect(within(drawer).getByText(OFFLINE_HINT)).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.type(within(drawer).getByRole('textbox', { name: 'Name on card' }), 'Ada Owner');
    await fillCard(user, drawer);
    expect(save).toBeDisabled();
    await fillAddress(user, drawer);
    await waitFor(() => expect(save).toBeEnabled());
    const accountReads = stub.callsTo('GET /api/account').length;
    await user.click(save);

    await waitFor(() => expect(stub.callsTo(CREATE)).toHaveLength(1));
    // The card went to the tokenizer alone, without the session's token; the console got only the token.
    expect(stub.callsTo(TOKENS)).toEqual([expect.objectContaining({ body: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }, authorization: null })]);
    expect(stub.callsTo(CREATE)[0]?.body).toEqual({
      name: 'Ada Owner',
      cardToken: 'tok_abc123',
      address: { line1: '1 Main Street', line2: '', city: 'London', postalCode: 'N1 9GU', state: '', country: 'GB' },
    });
    expect(await screen.findByText(BILLING_MESSAGES.saved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Billing details' })).not.toBeInTheDocument());
    // The details and the account (whose hasBillingDetails ends the trial banner) are read again.
    await waitFor(() => expect(stub.callsTo('GET /api/account').length).toBeGreaterThan(accountReads));
    expect(stub.callsTo(DETAILS).length).toBeGreaterThan(1);
    expect(await screen.findByTestId('credit-card')).toHaveTextContent('•••• 4242');
  });

  it('for a saved card, enables Save when only the address changed, and PUTs without a cardToken', async () => {
    const { stub, user } = open(PAYING, makeBillingDetailsWithCard(), { [EDIT]: ok(makeBillingDetailsWithCard()) });
    await user.click(await screen.findByRole('button', { name: 'Edit billing details' }));
    const drawer = await screen.findByRole('dialog', { name: 'Billing details' });
    expect(within(drawer).getByTestId('billing-current-card')).toHaveTextContent('Visa •••• 4242, expires 12/2030');
    expect(within(drawer).getByRole('button', { name: 'Replace card' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
    const save = within(drawer).getByTestId('billing-save');
    expect(save).toBeDisabled();

    const city = within(drawer).getByRole('textbox', { name: 'City' });
    await user.clear(city);
    await user.type(city, 'Cambridge');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    await waitFor(() => expect(stub.callsTo(EDIT)).toHaveLength(1));
    expect(stub.callsTo(EDIT)[0]?.body).toEqual({
      name: 'Ada Owner',
      address: { line1: '1 Main Street', line2: '', city: 'Cambridge', postalCode: 'N1 9GU', state: '', country: 'GB' },
    });
    expect(stub.callsTo(TOKENS)).toHaveLength(0);
    expect(await screen.findByText(BILLING_MESSAGES.saved)).toBeInTheDocument();
  });

  it('for a saved card, a complete replacement card alone enables Save and is sent as a token', async () => {
    const { stub, user } = open(PAYING, makeBillingDetailsWithCard(), { [EDIT]: ok(makeBillingDetailsWithCard()) });
    await user.click(await screen.findByRole('button', { name: 'Edit billing details' }));
    const drawer = await screen.findByRole('dialog', { name: 'Billing details' });
    await user.click(within(drawer).getByRole('button', { name: 'Replace card' }));
    const save = within(drawer).getByTestId('billing-save');
    await user.type(within(drawer).getByRole('textbox', { name: 'Card number' }), '4242');
    expect(save).toBeDisabled();
    await user.type(within(drawer).getByRole('textbox', { name: 'Expiry (MM / YY)' }), '1230');
    await user.type(within(drawer).getByRole('textbox', { name: 'Card number' }), '424242424242');
    await user.type(within(drawer).getByRole('textbox', { name: 'CVC' }), '123');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(stub.callsTo(EDIT)).toHaveLength(1));
    expect(stub.callsTo(EDIT)[0]?.body).toMatchObject({ cardToken: 'tok_abc123', name: 'Ada Owner' });
  });

  it('shows the offline provider’s message, as given, under the card fields, and saves nothing', async () => {
    const { stub, user } = open(makeAccount(), makeBillingDetails(), { [TOKENS]: { status: 402, body: { message: OFFLINE_CARD_MESSAGES.expired, code: 'expired_card' } } });
    await user.click(await screen.findByRole('button', { name: SET_UP_BILLING }));
    const drawer = await screen.findByRole('dialog', { name: 'Billing details' });
    await user.type(within(drawer).getByRole('textbox', { name: 'Name on card' }), 'Ada Owner');
    await fillCard(user, drawer);
    await fillAddress(user, drawer);
    await user.click(within(drawer).getByTestId('billing-save'));
    expect(await within(drawer).findByTestId('card-error')).toHaveTextContent(OFFLINE_CARD_MESSAGES.expired);
    expect(within(drawer).getByRole('textbox', { name: 'Card number' })).toHaveAttribute('aria-invalid', 'true');
    expect(stub.callsTo(CREATE)).toHaveLength(0);
    expect(screen.queryByText(BILLING_MESSAGES.saveFailed)).not.toBeInTheDocument();
  });

  it("says 'Error saving billing details.' and the server's reason, and keeps the drawer open", async () => {
    const { user } = open(makeAccount(), makeBillingDetails(), { [CREATE]: failWith('card_refused', OFFLINE_CARD_MESSAGES.declined) });
    await user.click(await screen.findByRole('button', { name: SET_UP_BILLING }));
    const drawer = await screen.findByRole('dialog', { name: 'Billing details' });
    await user.type(within(drawer).getByRole('textbox', { name: 'Name on card' }), 'Ada Owner');
    await fillCard(user, drawer);
    await fillAddress(user, drawer);
    await user.click(within(drawer).getByTestId('billing-save'));
    expect(await screen.findByText(BILLING_MESSAGES.saveFailed)).toBeInTheDocument();
    expect(within(drawer).getByRole('alert')).toHaveTextContent(OFFLINE_CARD_MESSAGES.declined);
    expect(screen.getByRole('dialog', { name: 'Billing details' })).toBeInTheDocument();
  });
});

describe('Billing tabs', () => {
  it('keeps the open tab in the address', async () => {
    const { user } = open(PAYING, makeBillingDetailsWithCard(), { 'GET /api/managed-saas/invoices': ok({ list: [], total: 0, has_more: false }) });
    expect(await screen.findByRole('tab', { name: 'Utilization' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Invoices' }));
    await waitFor(() => expect(locationNow()).toBe('/billing?tab=invoices'));
    expect(await screen.findByText('No invoices yet. The first is issued when the current period closes.')).toBeInTheDocument();
  });
});
