import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { ApiKey } from '@replay/contracts';
import { DataTable } from '../../components/list/DataTable';
import { formatDate, formatDateTime } from '../../lib/format-date';

export type KeyAction = 'rotate' | 'revoke';
/** What a row can ask for: a change of the key (confirmed first), or its permissions (the permission viewer). */
export type KeyRowAction = KeyAction | 'permissions';

const STATUS = { active: { label: 'Active', color: 'green' }, expired: { label: 'Expired', color: 'gray' }, revoked: { label: 'Revoked', color: 'red' } } as const;

interface Props {
  keys: readonly ApiKey[];
  /** The viewer's user id: only a key's creator may rotate it (the others may revoke it). */
  viewerId: string;
  /** Null: the viewer may not change keys (no actions shown). */
  onAction: ((key: ApiKey, action: KeyRowAction) => void) | null;
}

/** Each key: name, role, expiry, last use (time and address), status, and its actions while active (Rotate on one's own keys only). */
export function ApiKeysTable({ keys, viewerId, onAction }: Props) {
  return (
    <DataTable label="API keys" columns={['Name', 'Role', 'Expires', 'Last used', 'Status']} actions={onAction !== null} minWidth={820}>
      {keys.map((key) => (
        <Table.Tr key={key.keyId}>
          <Table.Td>
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {key.name}
              </Text>
              <Text size="xs" c="dimmed">
                {key.ipAccessList.length ? `From ${key.ipAccessList.join(', ')}` : 'From any address'}
              </Text>
            </Stack>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{key.roleName ?? 'Deleted role'}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{formatDate(key.expiresAt)}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{key.lastUsedAt === null ? 'Never' : `${formatDateTime(key.lastUsedAt)} from ${key.lastUsedAddress ?? 'an unknown address'}`}</Text>
          </Table.Td>
          <Table.Td>
            <Badge color={STATUS[key.status].color} variant="light" tt="none">
              {STATUS[key.status].label}
            </Badge>
          </Table.Td>
          {onAction && (
            <Table.Td>
              {key.status === 'active' && (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button size="compact-sm" variant="subtle" onClick={() => onAction(key, 'permissions')} aria-label={`View permissions of ${key.name}`}>
                    Permissions
                  </Button>
                  {key.createdById === viewerId && (
                    <Button size="compact-sm" variant="default" onClick={() => onAction(key, 'rotate')} aria-label={`Rotate ${key.name}`}>
                      Rotate
                    </Button>
                  )}
                  <Button size="compact-sm" variant="light" color="red" onClick={() => onAction(key, 'revoke')} aria-label={`Revoke ${key.name}`}>
                    Revoke
                  </Button>
                </Group>
              )}
            </Table.Td>
          )}
        </Table.Tr>
      ))}
    </DataTable>
  );
}
