import { useEffect, useId, useState, useEffectEvent } from 'react';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { BILLING_MESSAGES } from '@replay/contracts';
import type { CardInputProps } from './card-input';
import { formatCardNumber, formatExpiry, offlineCardRequest, tokenizeOfflineCard, type OfflineCardValues } from './offline-tokenizer';

export const OFFLINE_HINT = 'Offline payments: no money moves. Test card 4242 4242 4242 4242.';

/** Each field's words and how its typing is shaped (digits only, grouped). */
const FIELDS: Record<keyof OfflineCardValues, { label: string; placeholder: string; autoComplete: string; format: (typed: string) => string }> = {
  number: { label: 'Card number', placeholder: '1234 1234 1234 1234', autoComplete: 'cc-number', format: formatCardNumber },
  expiry: { label: 'Expiry (MM / YY)', placeholder: 'MM / YY', autoComplete: 'cc-exp', format: formatExpiry },
  cvc: { label: 'CVC', placeholder: '123', autoComplete: 'cc-csc', format: (typed) => typed.replace(/\D/g, '').slice(0, 4) },
};

/**
 * The offline provider's card fields: Card number, Expiry (MM / YY) and CVC. They report
 * their state to the form on each change; the card is sent only to the provider's
 * tokenizer, when the form saves.
 */
export function OfflineCardFields({ onChange, error, disabled }: CardInputProps) {
  const [values, setValues] = useState<OfflineCardValues>({ number: '', expiry: '', cvc: '' });

  // The form's setter, read at each report: the state to report changes with the values only.
  const report = useEffectEvent(onChange);
  useEffect(() => {
    const request = offlineCardRequest(values);
    report({
      empty: !values.number && !values.expiry && !values.cvc,
      complete: request !== null,
      tokenize: () => (request ? tokenizeOfflineCard(request) : Promise.resolve({ error: BILLING_MESSAGES.cardIncomplete })),
    });
  }, [values]);

  const errorId = useId();
  // Every field is marked invalid with the provider's one message, which names the part that is wrong.
  const invalid = { error: Boolean(error), 'aria-describedby': error ? errorId : undefined };
  const set = (field: keyof OfflineCardValues, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const field = (name: keyof OfflineCardValues) => {
    const { label, placeholder, autoComplete, format } = FIELDS[name];
    return (
      <TextInput
        label={label}
        placeholder={placeholder}
        inputMode="numeric"
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => set(name, format(e.currentTarget.value))}
        {...invalid}
        disabled={disabled}
        required
      />
    );
  };

  return (
    <Stack gap="xs">
      {field('number')}
      <Group grow gap="sm" align="flex-start">
        {field('expiry')}
        {field('cvc')}
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
