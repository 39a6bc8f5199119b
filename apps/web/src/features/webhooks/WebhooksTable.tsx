import { Anchor, Badge, Button, Group, Menu, Table, Text, ActionIcon } from '@mantine/core';
import IconDots from '@tabler/icons-react/dist/esm/icons/IconDots.mjs';
import { WEBHOOK_MESSAGES, WEBHOOK_TYPE_LABELS, type Webhook } from '@replay/contracts';
import { DataTable } from '../../components/list/DataTable';

export type WebhookAction = 'edit' | 'log' | 'test' | 'rotate' | 'delete' | 'enable';

interface Props {
  webhooks: readonly Webhook[];
  onAction: (webhook: Webhook, action: WebhookAction) => void;
}

/** Each webhook: name, type, endpoint (a chat URL masked by the server), events, state (a disabled one offers Enable), and its actions. */
export function WebhooksTable({ webhooks, onAction }: Props) {
  return (
    <DataTable label="Webhooks" columns={['Name', 'Type', 'Endpoint', 'Events', 'Status']} actions minWidth={860}>
      {webhooks.map((hook) => (
        <Table.Tr key={hook.webhookId}>
          <Table.Td>
            <Anchor component="button" type="button" size="sm" fw={500} onClick={() => onAction(hook, 'edit')}>
              {hook.name}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{WEBHOOK_TYPE_LABELS[hook.type]}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {hook.endpoint}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{hook.eventTypes.length === 1 ? hook.eventTypes[0] : `${hook.eventTypes.length} event types`}</Text>
          </Table.Td>
          <Table.Td>
            {hook.enabled ? (
              <Badge color="green" variant="light" tt="none">
                Enabled
              </Badge>
            ) : (
              <Group gap="xs" wrap="nowrap">
                <Badge color="red" variant="light" tt="none" title={WEBHOOK_MESSAGES.disabled}>
                  Disabled
                </Badge>
                <Button size="compact-xs" variant="light" onClick={() => onAction(hook, 'enable')} aria-label={`Enable ${hook.name}`}>
                  Enable
                </Button>
              </Group>
            )}
          </Table.Td>
          <Table.Td>
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Button size="compact-sm" variant="default" onClick={() => onAction(hook, 'log')} aria-label={`Deliveries of ${hook.name}`}>
                Deliveries
              </Button>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${hook.name}`}>
                    <IconDots size={16} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => onAction(hook, 'edit')}>Edit</Menu.Item>
                  <Menu.Item onClick={() => onAction(hook, 'test')} disabled={!hook.enabled}>
                    Send test event
                  </Menu.Item>
                  <Menu.Item onClick={() => onAction(hook, 'rotate')}>Rotate secret</Menu.Item>
                  <Menu.Item color="red" onClick={() => onAction(hook, 'delete')}>
                    Delete
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
