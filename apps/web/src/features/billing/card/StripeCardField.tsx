import { useEffect, useId, useRef, useState, useEffectEvent } from 'react';
import { Box, Stack, Text } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { BILLING_MESSAGES } from '@replay/contracts';
import type { CardInputProps, CardTokenResult } from './card-input';

/** Stripe.js once per key for the page's life (Stripe's advice); a failure to load reads as "not loaded" (null). */
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => null);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

interface Props extends CardInputProps {
  publishableKey: string;
}

/**
 * Stripe's card field (Elements): the card goes from Stripe's frame to Stripe, and the
 * form receives the PaymentMethod's id as the token. This module, and Stripe's packages
 * with it, load only for an install whose payment provider is Stripe.
 */
export default function StripeCardField({ publishableKey, ...props }: Props) {
  const stripe = stripeFor(publishableKey);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    void stripe.then((loaded) => live && setUnavailable(loaded === null));
    return () => {
      live = false;
    };
  }, [stripe]);
  return (
    <Elements stripe={stripe}>
      <StripeCard {...props} error={props.error ?? (unavailable ? BILLING_MESSAGES.stripeNotLoaded : null)} />
    </Elements>
  );
}

function StripeCard({ onChange, error, disabled }: CardInputProps) {
  const stripe = useStripe();
  const elements = useElements();
  const labelId = useId();
  const errorId = useId();
  const [typingError, setTypingError] = useState<string | null>(null);
  // Read when saving, not when the card last changed: Stripe.js may have loaded since.
  const loaded = useRef({ stripe, elements });
  loaded.current = { stripe, elements };

  const tokenize = async (): Promise<CardTokenResult> => {
    const card = loaded.current.elements?.getElement(CardElement);
    const client = loaded.current.stripe;
    if (!client || !card) return { error: BILLING_MESSAGES.stripeNotLoaded };
    const { paymentMethod, error: refused } = await client.createPaymentMethod({ type: 'card', card });
    if (refused || !paymentMethod) return { error: refused?.message ?? BILLING_MESSAGES.tokenUnknown };
    return { token: paymentMethod.id };
  };

  // Once, as the field mounts: later states are reported by the element's own change events.
  const reportMounted = useEffectEvent(() => onChange({ empty: true, complete: false, tokenize }));
  useEffect(() => reportMounted(), []);

  const shown = error ?? typingError;
  return (
    <Stack gap={4}>
      <Text component="div" size="sm" fw={500} id={labelId}>
        Card
      </Text>
      <Box
        role="group"
        aria-labelledby={labelId}
        aria-describedby={shown ? errorId : undefined}
        p="sm"
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-default)' }}
      >
        <CardElement
          options={{ hidePostalCode: true, disabled }}
          onChange={(event) => {
            setTypingError(event.error?.message ?? null);
            onChange({ empty: event.empty, complete: event.complete, tokenize });
          }}
        />
      </Box>
      {shown && (
        <Text size="sm" c="red" id={errorId} role="alert" data-testid="card-error">
          {shown}
        </Text>
      )}
    </Stack>
  );
}
