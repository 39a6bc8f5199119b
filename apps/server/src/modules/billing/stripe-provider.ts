import Stripe from 'stripe';
import { PaymentRefused, type ChargeResult, type PaymentProvider, type SavedCard } from './payment-provider.door';

export interface StripeSettings {
  secretKey: string;
  /** Another address for Stripe's API (stripe-mock, a test double); Stripe's own when unset. */
  apiUrl?: string;
}

function clientOf(settings: StripeSettings): Stripe {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    // Charges are retried by the console's own schedule, under the same idempotency key.
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(url && { host: url.hostname, port: url.port || (url.protocol === 'http:' ? 80 : 443), protocol: url.protocol === 'http:' ? 'http' : 'https' }),
  });
}

const isCardError = (err: unknown): err is Stripe.errors.StripeCardError => err instanceof Stripe.errors.StripeCardError;

/**
 * Stripe behind billing's PaymentProvider: the browser turns the card into a PaymentMethod
 * with Stripe Elements and the console attaches it to the account's customer; invoices are
 * charged as off-session PaymentIntents confirmed at once.
 */
export function stripePaymentProvider(settings: StripeSettings): PaymentProvider {
  const stripe = clientOf(settings);
  return {
    kind: 'stripe',

    async saveCard({ customerRef, token, name, email, tenantId }): Promise<SavedCard> {
      try {
        const customer = customerRef ?? (await stripe.customers.create({ name, email, metadata: { tenantId } }, { idempotencyKey: `customer-${tenantId}` })).id;
        const method = await stripe.paymentMethods.attach(token, { customer });
        await stripe.customers.update(customer, { invoice_settings: { default_payment_method: method.id } });
        if (!method.card) throw new PaymentRefused('not_a_card', 'Only cards can be saved.');
        return {
          customerRef: customer,
          paymentMethodRef: method.id,
          card: { brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year },
        };
      } catch (err) {
        if (isCardError(err)) throw new PaymentRefused(err.code ?? 'card_error', err.message);
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') throw new PaymentRefused('token_unknown', err.message);
        throw err;
      }
    },

    async charge({ customerRef, paymentMethodRef, amountCents, currency, idempotencyKey, description }): Promise<ChargeResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          { amount: amountCents, currency: currency.toLowerCase(), customer: customerRef, payment_method: paymentMethodRef, off_session: true, confirm: true, description },
          { idempotencyKey },
        );
        if (intent.status === 'succeeded') return { ok: true, chargeRef: intent.id };
        return { ok: false, code: intent.status, message: 'The card needs the cardholder’s confirmation: update the card to pay.' };
      } catch (err) {
        if (isCardError(err)) return { ok: false, code: err.decline_code ?? err.code ?? 'card_declined', message: err.message };
        throw err;
      }
    },
  };
}
