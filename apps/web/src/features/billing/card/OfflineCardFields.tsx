import { useEffect, useId, useState } from 'react';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { BILLING_MESSAGES } from '@replay/contracts';
import type { CardInputProps } from './card-input';
import { formatCardNumber, formatExpiry, offlineCardRequest, tokenizeOfflineCard, type OfflineCardValues } from './offline-tokenizer';

export const OFFLINE_HINT = 'Offline payments: no money moves. Test card 4242 4242 4242 4242.';

/**
 * The offline provider's card fields: Card number, Expiry (MM / YY) and CVC. They report
 * their state to the form on each change; the card is sent only to the provider's
 * tokenizer, when the form saves.
 */
export function OfflineCardFields({ onChange, error, disabled }: CardInputProps) {
  const [values, setValues] = useState<OfflineCardValues>({ number: '', expiry: '', cvc: '' });

  useEffect(() => {
    const request = offlineCardRequest(values);
    onChange({
      empty: !values.number && !values.expiry && !values.cvc,
      complete: request !== null,
      tokenize: () => (request ? tokenizeOfflineCard(request) : Promise.resolve({ error: BILLING_MESSAGES.cardIncomplete })),
    });
    // `onChange` is the form's setter; the state to report changes with the values only.
  }, [values]);

  const errorId = useId();
  // Every field is marked invalid with the provider's one message, which names the part that is wrong.
  const invalid = { error: Boolean(error), 'aria-describedby': error ? errorId : undefined };
  const set = (field: keyof OfflineCardValues, value: string) => setValues((v) => ({ ...v, [field]: value }));

  return (
    <Stack gap="xs">
      <TextInput
        label="Card number"
        placeholder="1234 1234 1234 1234"
        inputMode="numeric"
        autoComplete="cc-number"
        value={values.number}
        onChange={(e) => set('number', formatCardNumber(e.currentTarget.value))}
        {...invalid}
        disabled={disabled}
        required
      />
      <Group grow gap="sm" align="flex-start">
        <TextInput
          label="Expiry (MM / YY)"
          placeholder="MM / YY"
          inputMode="numeric"
          autoComplete="cc-exp"
          value={values.expiry}
          onChange={(e) => set('expiry', formatExpiry(e.currentTarget.value))}
          {...invalid}
          disabled={disabled}
          required
        />
        <TextInput
          label="CVC"
          placeholder="123"
          inputMode="numeric"
          autoComplete="cc-csc"
          value={values.cvc}
          onChange={(e) => set('cvc', e.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
          {...invalid}
          disabled={disabled}
          required
        />
      </Group>
      {error && (
        <Text size="sm" c="red" id={errorId} role="alert" data-testid="card-error">
          {error}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {OFFLINE_HINT}
      </Text>
    </Stack>
  );
}
