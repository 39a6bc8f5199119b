import { useState } from 'react';
import { Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Drawer } from '../../components/Drawer';
import { DRAWER_WIDTHS, WEBHOOK_MESSAGES, type Webhook, type WebhookDelivery } from '@replay/contracts';
import IconSend from '@tabler/icons-react/dist/esm/icons/IconSend.mjs';
import { EmptyState } from '../../components/EmptyState';
import { ListStates } from '../../components/list/ListStates';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDeliveries, useReplay } from './api';

const STATUS_COLOR = { pending: 'yellow', delivered: 'green', failed: 'red' } as const;
const when = (ms: number) => new Date(ms).toLocaleString();

function DeliveryItem({ webhookId, delivery }: { webhookId: string; delivery: WebhookDelivery }) {
  const replay = useReplay();
  const onReplay = async () => {
    try {
      await replay.mutateAsync({ webhookId, deliveryId: delivery.deliveryId });
      notifySuccess(WEBHOOK_MESSAGES.replayed);
    } catch (err) {
      notifyError(errorMessage(err, 'Could not replay the delivery.'));
    }
  };
  return (
    <Stack gap="xs" p="sm" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs">
          <Badge color={STATUS_COLOR[delivery.status]} variant="light" tt="none">
            {delivery.status}
          </Badge>
          <Text size="sm" fw={600}>
            {delivery.eventType}
          </Text>
          {delivery.replayOf && (
            <Badge color="gray" variant="light" tt="none">
              replay
            </Badge>
          )}
        </Group>
        <Button size="compact-xs" variant="default" onClick={() => void onReplay()} loading={replay.isPending} aria-label={`Replay ${delivery.eventType} of ${when(delivery.createdAt)}`}>
          Replay
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {delivery.messageId} · {when(delivery.createdAt)}
        {delivery.nextAttemptAt !== null && ` · next attempt ${when(delivery.nextAttemptAt)}`}
      </Text>
      {delivery.attempts.length > 0 && (
        <Table fz="xs" aria-label={`Attempts of ${delivery.messageId}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Attempt</Table.Th>
              <Table.Th>Time</Table.Th>
              <Table.Th>Answer</Table.Th>
              <Table.Th>Duration</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {delivery.attempts.map((a) => (
              <Table.Tr key={a.attempt}>
                <Table.Td>{a.attempt}</Table.Td>
                <Table.Td>{when(a.at)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>
                  {a.responseStatus ?? a.error}
                  {a.responseBody ? ` ${a.responseBody.slice(0, 200)}` : ''}
                </Table.Td>
                <Table.Td>{a.durationMs} ms</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <details>
        <summary>
          <Text component="span" size="xs">
            Request
          </Text>
        </summary>
        <Code block fz="xs">
          {Object.entries(delivery.attempts.at(-1)?.requestHeaders ?? {})
            .map(([k, v]) => `${k}: ${v}`)
            .join('\n')}
          {'\n\n'}
          {delivery.requestBody}
        </Code>
      </details>
    </Stack>
  );
}

/** The delivery log of one webhook: each message, its attempts (answer, duration), the next attempt, and Replay. */
export function DeliveryLog({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(webhook?.webhookId ?? null, page);
  return (
    <Drawer
      opened={webhook !== null}
      onClose={onClose}
      position="right"
      size={DRAWER_WIDTHS.upgrade}
      title={
        <Title order={2} size="h4">
          Deliveries
        </Title>
      }
    >
      {webhook && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {webhook.name} · {webhook.endpoint}
          </Text>
          <ListStates
            query={deliveries}
            loading={{ label: 'Loading deliveries', rows: 3, height: 80 }}
            errorPrefix="Error fetching deliveries"
            isEmpty={(d) => d.deliveries.length === 0}
            empty={<EmptyState icon={<IconSend size={32} />} title="No deliveries yet" description="Send a test event, or wait for an event this webhook subscribes to." />}
            paging={{ page, pageSize: 20, total: deliveries.data?.total ?? 0, noun: 'deliveries', onPage: setPage }}
          >
            {(d) => (
              <Stack gap="sm">
                {d.deliveries.map((delivery) => (
                  <DeliveryItem key={delivery.deliveryId} webhookId={webhook.webhookId} delivery={delivery} />
                ))}
              </Stack>
            )}
          </ListStates>
        </Stack>
      )}
    </Drawer>
  );
}
