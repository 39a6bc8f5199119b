import { useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { WEBHOOK_MESSAGES, WEBHOOK_TYPE_HELP, WEBHOOK_TYPE_LABELS, WEBHOOK_TYPES, isSecretEndpointType, type Webhook, type WebhookType } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { FormDialog } from '../../components/FormDialog';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useSaveWebhook } from './api';
import { allowedEventGroups, initialWebhookValues, validateWebhookForm, webhookSaveBody, withType, type WebhookFormErrors, type WebhookFormValues } from './webhook-form';
import { WebhookCredentialFields } from './WebhookCredentialFields';
import { WebhookEventsField } from './WebhookEventsField';

interface Props {
  /** The webhook being edited, or null for a new one. */
  webhook: Webhook | null;
  onClose: () => void;
  /** A new webhook's secret, to be shown once. */
  onCreated: (secret: string) => void;
}

const TYPE_OPTIONS = WEBHOOK_TYPES.map((value) => ({ value, label: WEBHOOK_TYPE_LABELS[value] }));
const ENDPOINT_LABEL: Record<WebhookType, string> = { webhook: 'Endpoint', slack: 'Slack webhook URL', msteams: 'Teams webhook URL', pagerduty: 'Events API endpoint' };
const ENDPOINT_PLACEHOLDER: Record<WebhookType, string> = {
  webhook: 'https://example.com/webhooks',
  slack: 'https://hooks.slack.com/services/…',
  msteams: 'https://…/workflows/…',
  pagerduty: 'https://events.pagerduty.com/v2/enqueue',
};

/** The endpoint field's help: a masked chat URL kept as it is, PagerDuty's EU address. */
function endpointHelp(webhook: Webhook | null, type: WebhookType): string | undefined {
  if (webhook && isSecretEndpointType(webhook.type) && type === webhook.type) return 'Shown masked: keep it to keep the saved URL, or paste a new one.';
  if (type === 'pagerduty') return 'PagerDuty’s Events API v2 (use https://events.eu.pagerduty.com/v2/enqueue for an EU account).';
  return undefined;
}

/** Add or edit a webhook: its type, name, endpoint, the type's credential (auth header or PagerDuty key), and the events it receives. */
export function WebhookFormDialog({ webhook, onClose, onCreated }: Props) {
  const account = useAccount();
  const save = useSaveWebhook();
  const [values, setValues] = useState<WebhookFormValues>(() => initialWebhookValues(webhook));
  const [errors, setErrors] = useState<WebhookFormErrors>({});
  const [touched, setTouched] = useState(false);
  // A stored key counts only while the webhook stays PagerDuty (the server drops it otherwise).
  const hasRoutingKey = Boolean(webhook?.routingKey && webhook.type === 'pagerduty');
  const groups = allowedEventGroups(account.permissions, values.type);
  const update = (next: WebhookFormValues) => {
    setValues(next);
    if (touched) setErrors(validateWebhookForm(next, hasRoutingKey));
  };
  const set = <K extends keyof WebhookFormValues>(key: K, value: WebhookFormValues[K]) => update({ ...values, [key]: value });

  const submit = async () => {
    setTouched(true);
    const found = validateWebhookForm(values, hasRoutingKey);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await save.mutateAsync(webhookSaveBody(values, webhook));
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
      <Select
        label="Type"
        required
        data={TYPE_OPTIONS}
        value={values.type}
        onChange={(v) => v && update(withType(values, v as WebhookType))}
        allowDeselect={false}
        description={WEBHOOK_TYPE_HELP[values.type]}
      />
      <TextInput label="Name" required value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} data-autofocus />
      <TextInput
        label={ENDPOINT_LABEL[values.type]}
        required
        placeholder={ENDPOINT_PLACEHOLDER[values.type]}
        description={endpointHelp(webhook, values.type)}
        value={values.endpoint}
        onChange={(e) => set('endpoint', e.currentTarget.value)}
        error={errors.endpoint}
      />
      <WebhookCredentialFields webhook={webhook} values={values} errors={errors} hasRoutingKey={hasRoutingKey} set={set} />
      <WebhookEventsField groups={groups} value={values.eventTypes} onChange={(v) => set('eventTypes', v)} error={errors.eventTypes} />
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
