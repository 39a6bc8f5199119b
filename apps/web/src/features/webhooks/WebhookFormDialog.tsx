import { useState } from 'react';
import { Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { WEBHOOK_MESSAGES, type Webhook } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { FormDialog } from '../../components/FormDialog';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useSaveWebhook } from './api';
import { allowedEventGroups, validateWebhookForm, type WebhookFormErrors, type WebhookFormValues } from './webhook-form';

interface Props {
  /** The webhook being edited, or null for a new one. */
  webhook: Webhook | null;
  onClose: () => void;
  /** A new webhook's secret, to be shown once. */
  onCreated: (secret: string) => void;
}

/** Add or edit a webhook: name, endpoint, an optional auth header, and the events it receives. */
export function WebhookFormDialog({ webhook, onClose, onCreated }: Props) {
  const account = useAccount();
  const groups = allowedEventGroups(account.permissions);
  const save = useSaveWebhook();
  const [values, setValues] = useState<WebhookFormValues>({
    name: webhook?.name ?? '',
    endpoint: webhook?.endpoint ?? '',
    authHeader: '',
    removeAuthHeader: false,
    eventTypes: webhook?.eventTypes ?? [],
  });
  const [errors, setErrors] = useState<WebhookFormErrors>({});
  const [touched, setTouched] = useState(false);
  const set = <K extends keyof WebhookFormValues>(key: K, value: WebhookFormValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (touched) setErrors(validateWebhookForm(next));
  };

  const submit = async () => {
    setTouched(true);
    const found = validateWebhookForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const authHeader = values.removeAuthHeader ? null : values.authHeader ? values.authHeader : webhook ? undefined : null;
    try {
      const saved = await save.mutateAsync({
        ...(webhook ? { webhookId: webhook.webhookId } : {}),
        name: values.name,
        endpoint: values.endpoint,
        ...(authHeader === undefined ? {} : { authHeader }),
        eventTypes: values.eventTypes,
      });
      notifySuccess(WEBHOOK_MESSAGES.saved);
      if (saved.secret) onCreated(saved.secret);
      onClose();
    } catch {
      // Shown by FormAlert from the mutation's error.
    }
  };

  return (
    <FormDialog
      title={webhook ? 'Edit webhook' : 'Add webhook'}
      size="large"
      pending={save.isPending}
      onClose={onClose}
      onSubmit={submit}
      error={save.error ? errorMessage(save.error, 'Could not save the webhook.') : null}
    >
      <TextInput label="Name" required value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} data-autofocus />
      <TextInput label="Endpoint" required placeholder="https://example.com/webhooks" value={values.endpoint} onChange={(e) => set('endpoint', e.currentTarget.value)} error={errors.endpoint} />
      <PasswordInput
        label="Auth header"
        description={
          webhook?.authHeader
            ? 'An auth header is set. Type a new value to replace it; it is stored encrypted and never shown.'
            : 'Optional. Sent as the Authorization header; stored encrypted and never shown.'
        }
        value={values.authHeader}
        disabled={values.removeAuthHeader}
        onChange={(e) => set('authHeader', e.currentTarget.value)}
        error={errors.authHeader}
      />
      {webhook?.authHeader && <Checkbox label="Remove the auth header" checked={values.removeAuthHeader} onChange={(e) => set('removeAuthHeader', e.currentTarget.checked)} />}
      <Checkbox.Group label="Events" required value={values.eventTypes} onChange={(v) => set('eventTypes', v)} error={errors.eventTypes}>
        <Stack gap="sm" mt="xs">
          {groups.map(({ family, types }) => (
            <Stack key={family.key} gap={4}>
              <Group justify="space-between">
                <Text size="sm" fw={600}>
                  {family.label}
                </Text>
                <Button variant="subtle" size="compact-xs" onClick={() => set('eventTypes', [...new Set([...values.eventTypes, ...types])])} aria-label={`Select all ${family.label} events`}>
                  Select all
                </Button>
              </Group>
              <Group gap="xs">
                {types.map((type) => (
                  <Checkbox key={type} value={type} label={type} size="xs" />
                ))}
              </Group>
            </Stack>
          ))}
        </Stack>
      </Checkbox.Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </Group>
    </FormDialog>
  );
}
