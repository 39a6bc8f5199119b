import { Checkbox, PasswordInput } from '@mantine/core';
import type { Webhook } from '@replay/contracts';
import type { WebhookFormErrors, WebhookFormValues } from './webhook-form';

interface Props {
  webhook: Webhook | null;
  values: WebhookFormValues;
  errors: WebhookFormErrors;
  /** A PagerDuty key is stored for this webhook. */
  hasRoutingKey: boolean;
  set: <K extends keyof WebhookFormValues>(key: K, value: WebhookFormValues[K]) => void;
}

/** The type's credential: PagerDuty's integration key, or for any other type an optional auth header. Neither is ever shown back. */
export function WebhookCredentialFields({ webhook, values, errors, hasRoutingKey, set }: Props) {
  if (values.type === 'pagerduty') {
    return (
      <PasswordInput
        label="Integration key"
        required={!hasRoutingKey}
        description={
          hasRoutingKey
            ? 'A key is set. Type a new one to replace it; it is stored encrypted and never shown.'
            : 'The Integration Key of the service’s Events API v2 integration in PagerDuty (32 characters); stored encrypted and never shown.'
        }
        value={values.routingKey}
        onChange={(e) => set('routingKey', e.currentTarget.value)}
        error={errors.routingKey}
        autoComplete="off"
      />
    );
  }
  const headerSet = Boolean(webhook?.authHeader);
  return (
    <>
      <PasswordInput
        label="Auth header"
        description={
          headerSet ? 'An auth header is set. Type a new value to replace it; it is stored encrypted and never shown.' : 'Optional. Sent as the Authorization header; stored encrypted and never shown.'
        }
        value={values.authHeader}
        disabled={values.removeAuthHeader}
        onChange={(e) => set('authHeader', e.currentTarget.value)}
        error={errors.authHeader}
      />
      {headerSet && <Checkbox label="Remove the auth header" checked={values.removeAuthHeader} onChange={(e) => set('removeAuthHeader', e.currentTarget.checked)} />}
    </>
  );
}
