import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_TOKENS_PATH, type BillingDetails } from '@replay/contracts';
import { stripePaymentProvider } from '../../src/modules/billing/stripe-provider';
import { PaymentRefused } from '../../src/modules/billing/payment-provider.door';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import type { TestApp } from '../support/app';
import type { SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { api } from '../instances/support';

/**
 * The Stripe adapter, the real `stripe` library against a stand-in for Stripe's API (which
 * cannot be reached from here), and the console configured for Stripe: its public config
 * names Stripe and its publishable key, the offline tokenizer is gone, and the billing
 * form's PaymentMethod is attached to the account's customer.
 */
const KEYS = { STRIPE_SECRET_KEY: 'sk_test_fake123', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake123' };
let stripe: FakeStripe;
let t: TestApp;
let owner: SignedIn;
const ADDRESS = { line1: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US' };

beforeAll(async () => {
  stripe = await startFakeStripe();
  ({ t, owner } = await appWithOwner({ ...KEYS, STRIPE_API_URL: stripe.url }));
}, 60_000);
afterAll(async () => {
  await t.close();
  await stripe.close();
});

describe('the Stripe adapter', () => {
  const provider = () => stripePaymentProvider({ secretKey: KEYS.STRIPE_SECRET_KEY, apiUrl: stripe.url });

  it('attaches the PaymentMethod to a new customer and makes it the default', async () => {
    const saved = await provider().saveCard({ customerRef: null, token: 'pm_card_visa', name: 'Pat', email: 'pat@example.com', tenantId: 't1' });
    expect(saved).toEqual({ customerRef: expect.stringMatching(/^cus_/), paymentMethodRef: 'pm_card_visa', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 } });
    expect(stripe.calls.slice(-3)).toEqual(['POST /v1/customers', 'POST /v1/payment_methods/pm_card_visa/attach', `POST /v1/customers/${saved.customerRef}`]);
  });

  it('refuses a PaymentMethod Stripe does not know as an unknown token', async () => {
    const refused = await provider()
      .saveCard({ customerRef: 'cus_x', token: 'pm_madeUp', name: 'Pat', email: 'pat@example.com', tenantId: 't1' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PaymentRefused);
    expect((refused as PaymentRefused).code).toBe('token_unknown');
  });

  it('charges once per idempotency key, and answers a decline in Stripe’s words', async () => {
    const charge = (pm: string, key: string) =>
      provider().charge({ customerRef: 'cus_1', paymentMethodRef: pm, amountCents: 12_345, currency: 'USD', idempotencyKey: key, description: 'Invoice X-0001' });
    const before = stripe.intents.length;
    const first = await charge('pm_card_visa', 'invoice-1-attempt-1');
    const again = await charge('pm_card_visa', 'invoice-1-attempt-1');
    expect(first).toEqual({ ok: true, chargeRef: expect.stringMatching(/^pi_/) });
    expect(again).toEqual(first);
    expect(stripe.intents.slice(before)).toEqual([{ amount: 12_345, currency: 'usd', customer: 'cus_1', payment_method: 'pm_card_visa' }]);
    expect(await charge('pm_card_chargeDeclined', 'invoice-2-attempt-1')).toEqual({ ok: false, code: 'generic_decline', message: 'Your card was declined.' });
    expect(await charge('pm_card_chargeDeclinedInsufficientFunds', 'invoice-3-attempt-1')).toEqual({
      ok: false,
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });
});

describe('a console configured for Stripe', () => {
  it('tells the browser to use Stripe with the publishable key, and has no offline tokenizer', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/public-config' })).json().data;
    expect(config.payments).toEqual({ provider: 'stripe', stripePublishableKey: KEYS.STRIPE_PUBLISHABLE_KEY });
    const tokenizer = await t.app.inject({ method: 'POST', url: OFFLINE_TOKENS_PATH, payload: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
    expect(tokenizer.statusCode).toBe(404);
  });

  it('saves the billing details with the PaymentMethod Elements made, keeping only what the card shows', async () => {
    const res = await api(t, owner.jwt).post('/plans/billing', { name: 'Pat Payer', cardToken: 'pm_card_visa', address: ADDRESS });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data as BillingDetails).toMatchObject({ hasBillingDetails: true, last4: '4242', card: { brand: 'visa', last4: '4242' } });
  });

  it('refuses to start with only one of the two keys', async () => {
    await expect(appWithOwner({ STRIPE_SECRET_KEY: KEYS.STRIPE_SECRET_KEY })).rejects.toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });
});
