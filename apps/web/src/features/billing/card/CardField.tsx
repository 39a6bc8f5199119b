import { Suspense, lazy, useEffect, useEffectEvent } from 'react';
import { Text } from '@mantine/core';
import { BILLING_MESSAGES, type PublicConfig } from '@replay/contracts';
import { Spinner } from '../../../components/Spinner';
import type { CardInputProps } from './card-input';
import { OfflineCardFields } from './OfflineCardFields';

/** Stands in for Stripe's field when its chunk or key is missing: saving a card says Stripe.js has not loaded. */
function StripeUnavailable({ onChange }: CardInputProps) {
  const report = useEffectEvent(onChange);
  useEffect(() => report({ empty: true, complete: false, tokenize: async () => ({ error: BILLING_MESSAGES.stripeNotLoaded }) }), []);
  return (
    <Text size="sm" c="red" role="alert" data-testid="card-error">
      {BILLING_MESSAGES.stripeNotLoaded}
    </Text>
  );
}

// Stripe's packages come in a chunk of their own, fetched only when the install uses Stripe.
const StripeCardField = lazy(() => import('./StripeCardField').catch(() => ({ default: StripeUnavailable })));

/** The card entry of the install's payment provider (public config): the offline tokenizer's fields, or Stripe's. */
export function CardField({ payments, ...props }: CardInputProps & { payments: PublicConfig['payments'] }) {
  if (payments.provider === 'offline') return <OfflineCardFields {...props} />;
  if (!payments.stripePublishableKey) return <StripeUnavailable {...props} />;
  return (
    <Suspense fallback={<Spinner label="Loading the card form" />}>
      <StripeCardField publishableKey={payments.stripePublishableKey} {...props} />
    </Suspense>
  );
}
