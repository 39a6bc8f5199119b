import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { BILLING_MESSAGES } from '@replay/contracts';
import { ok, stubApi } from '../../../test/fetch-stub';
import { makeJwt, publicConfig } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { tokenStore } from '../../../lib/api';
import { makeBillingDetails, makeBillingDetailsWithCard } from '../test-fixtures';
import { BillingDetailsDrawer } from '../components/BillingDetailsDrawer';

/** Stripe's packages stand in: Stripe.js as the test says it loaded, and a card field the test fills with a click. */
const stripe = vi.hoisted(() => ({ loaded: null as unknown, createPaymentMethod: vi.fn() }));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => stripe.loaded) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  CardElement: ({ onChange }: { onChange: (e: { empty: boolean; complete: boolean }) => void }) => (
    <button type="button" onClick={() => onChange({ empty: false, complete: true })}>
      Fill the card
    </button>
  ),
  useStripe: () => stripe.loaded,
  useElements: () => ({ getElement: () => ({ card: true }) }),
}));

let keys = 0;
function openDrawer() {
  // Stripe.js is loaded once per key: each test has its own.
  keys += 1;
  const stub = stubApi({
    'GET /api/public-config': ok({ ...publicConfig, payments: { provider: 'stripe', stripePublishableKey: `pk_test_${keys}` } }),
    'POST /api/plans/billing': ok(makeBillingDetailsWithCard()),
  });
  renderWithProviders(<BillingDetailsDrawer opened onClose={() => undefined} details={makeBillingDetails()} />);
  return { stub, user: userEvent.setup() };
}

async function fillAndSave(user: ReturnType<typeof userEvent.setup>) {
  const drawer = await screen.findByRole('dialog', { name: 'Billing details' });
  await user.type(within(drawer).getByRole('textbox', { name: 'Name on card' }), 'Ada Owner');
  await user.click(await within(drawer).findByRole('button', { name: 'Fill the card' }));
  await user.type(within(drawer).getByRole('textbox', { name: 'Address line 1' }), '1 Main Street');
  await user.type(within(drawer).getByRole('textbox', { name: 'City' }), 'Austin');
  await user.type(within(drawer).getByRole('textbox', { name: 'Postal code' }), '73301');
  await user.type(within(drawer).getByRole('textbox', { name: 'Country' }), 'United States');
  await user.click(await screen.findByRole('option', { name: 'United States', hidden: true }));
  await user.click(within(drawer).getByTestId('billing-save'));
  return drawer;
}

beforeEach(() => tokenStore.set(makeJwt()));
afterEach(() => {
  notifications.clean();
  stripe.createPaymentMethod.mockReset();
});

describe('the Stripe card field', () => {
  it('sends the PaymentMethod’s id as the card token, and no offline hint shows', async () => {
    stripe.loaded = { createPaymentMethod: stripe.createPaymentMethod };
    stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_123456' } });
    const { stub, user } = openDrawer();
    const drawer = await fillAndSave(user);
    await waitFor(() => expect(stub.callsTo('POST /api/plans/billing')).toHaveLength(1));
    expect(stub.callsTo('POST /api/plans/billing')[0]?.body).toMatchObject({ cardToken: 'pm_123456' });
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: { card: true } });
    expect(within(drawer).queryByText(/Offline payments/)).not.toBeInTheDocument();
  });

  it('shows Stripe’s message when it refuses the card', async () => {
    stripe.loaded = { createPaymentMethod: stripe.createPaymentMethod };
    stripe.createPaymentMethod.mockResolvedValue({ error: { message: 'Your card number is invalid.' } });
    const { stub, user } = openDrawer();
    const drawer = await fillAndSave(user);
    expect(await within(drawer).findByTestId('card-error')).toHaveTextContent('Your card number is invalid.');
    expect(stub.callsTo('POST /api/plans/billing')).toHaveLength(0);
  });

  it("says 'Stripe.js has not loaded yet.' when Stripe.js did not load", async () => {
    stripe.loaded = null;
    const { user } = openDrawer();
    const drawer = await fillAndSave(user);
    expect(await within(drawer).findByTestId('card-error')).toHaveTextContent(BILLING_MESSAGES.stripeNotLoaded);
  });
});
