import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import IconWebhook from '@tabler/icons-react/dist/esm/icons/IconWebhook.mjs';
import { WEBHOOK_MESSAGES, type Webhook } from '@replay/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { ListStates } from '../../components/list/ListStates';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useConsoleTitle } from '../../lib/use-document-title';
import { useDeleteWebhook, useEnableWebhook, useRotateSecret, useSendTest, useWebhooks } from '../../features/webhooks/api';
import { DeliveryLog } from '../../features/webhooks/DeliveryLog';
import { SecretDialog } from '../../features/webhooks/SecretDialog';
import { WebhookFormDialog } from '../../features/webhooks/WebhookFormDialog';
import { WebhooksTable, type WebhookAction } from '../../features/webhooks/WebhooksTable';

type Confirm = { action: 'delete' | 'rotate'; webhook: Webhook } | null;

/**
 * Settings → Webhooks (/client/webhooks): the account's endpoints; add or edit one
 * (its signing secret shown once), send a test event, rotate the secret, read the
 * delivery log and replay a delivery, enable one the console disabled, delete one.
 */
export default function WebhooksPage() {
  useConsoleTitle('Webhooks');
  const webhooks = useWebhooks();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const enable = useEnableWebhook();
  const test = useSendTest();

  const run = async (work: () => Promise<unknown>, success: string, failure: string) => {
    try {
      await work();
      notifySuccess(success);
    } catch (err) {
      notifyError(errorMessage(err, failure));
    }
  };

  const onAction = (webhook: Webhook, action: WebhookAction) => {
    if (action === 'edit') setEditing(webhook);
    else if (action === 'log') setLogOf(webhook);
    else if (action === 'delete' || action === 'rotate') setConfirm({ action, webhook });
    else if (action === 'test') void run(() => test.mutateAsync(webhook.webhookId), WEBHOOK_MESSAGES.testSent, 'Could not send a test event.');
    else void run(() => enable.mutateAsync(webhook.webhookId), WEBHOOK_MESSAGES.enabled, 'Could not enable the webhook.');
  };

  const onConfirm = async () => {
    if (!confirm) return;
    const id = confirm.webhook.webhookId;
    if (confirm.action === 'delete') await run(() => remove.mutateAsync(id), WEBHOOK_MESSAGES.deleted, 'Could not delete the webhook.');
    else {
      try {
        setSecret((await rotate.mutateAsync(id)).secret);
      } catch (err) {
        notifyError(errorMessage(err, 'Could not rotate the secret.'));
      }
    }
    setConfirm(null);
  };

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
      Add webhook
    </Button>
  );

  return (
    <>
      <PageTitle title="Webhooks" actions={addButton} />
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The console posts the events you choose to your endpoints, signed as Standard Webhooks describe.
        </Text>
        <ListStates
          query={webhooks}
          loading={{ label: 'Loading webhooks', rows: 3, height: 44 }}
          errorPrefix="Error fetching webhooks"
          isEmpty={(data) => data.webhooks.length === 0}
          empty={<EmptyState icon={<IconWebhook size={32} />} title="No webhooks yet" description="Add a webhook to receive the console's events at an address of yours." />}
        >
          {(data) => <WebhooksTable webhooks={data.webhooks} onAction={onAction} />}
        </ListStates>
      </Stack>
      {editing && <WebhookFormDialog webhook={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onCreated={setSecret} />}
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(null)} />}
      <DeliveryLog webhook={logOf} onClose={() => setLogOf(null)} />
      <ConfirmDialog
        opened={confirm !== null}
        title={confirm?.action === 'delete' ? 'Delete webhook' : 'Rotate secret'}
        confirmLabel={confirm?.action === 'delete' ? 'Delete' : 'Rotate'}
        danger
        loading={remove.isPending || rotate.isPending}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirm(null)}
      >
        {confirm?.action === 'delete' ? WEBHOOK_MESSAGES.deleteConfirm : 'A new signing secret replaces the current one at once; receivers must use the new one.'}
      </ConfirmDialog>
    </>
  );
}
