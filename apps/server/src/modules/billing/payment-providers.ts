import type { AppContext } from '../../platform/context';
import { offlinePaymentProvider } from './offline-cards.door';
import type { PaymentProvider } from './payment-provider.door';
import { stripePaymentProvider } from './stripe-provider';

/** The provider the console's settings choose: Stripe when its keys are set (env.ts), otherwise the offline one. */
export function paymentProviderOf(ctx: Pick<AppContext, 'db' | 'clock' | 'env'>): PaymentProvider {
  const { env } = ctx;
  if (env.paymentProvider === 'stripe' && env.STRIPE_SECRET_KEY) return stripePaymentProvider({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL });
  return offlinePaymentProvider(ctx);
}
