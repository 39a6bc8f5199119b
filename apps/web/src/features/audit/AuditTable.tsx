import { Anchor, Badge, Code, Table, Text } from '@mantine/core';
import type { AuditEntry } from '@replay/contracts';
import { DataTable } from '../../components/list/DataTable';

export const auditTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

export function statusColor(status: number): string {
  if (status >= 500) return 'red';
  if (status >= 400) return 'orange';
  return 'teal';
}

interface Props {
  entries: readonly AuditEntry[];
  onOpen: (id: string) => void;
}

/** Time, user, action, method and endpoint, status; a row (or its action link, from the keyboard) opens the entry. */
export function AuditTable({ entries, onOpen }: Props) {
  return (
    <DataTable label="Audit trail" columns={['Time', 'User', 'Action', 'Endpoint', 'Status']} minWidth={860} highlightOnHover>
      {entries.map((e) => (
        <Table.Tr key={e.id} onClick={() => onOpen(e.id)} style={{ cursor: 'pointer' }}>
          <Table.Td>
            <Text size="sm" component="time" dateTime={new Date(e.createdAt).toISOString()} style={{ whiteSpace: 'nowrap' }}>
              {auditTimeFormat.format(new Date(e.createdAt))}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{e.username || '—'}</Text>
            <Text size="xs" c="dimmed">
              {e.email}
            </Text>
          </Table.Td>
          <Table.Td>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={(event) => {
                event.stopPropagation();
                onOpen(e.id);
              }}
            >
              {e.action}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              <Code mr={6}>{e.method}</Code>
              {e.endpoint}
            </Text>
          </Table.Td>
          <Table.Td>
            <Badge size="sm" variant="light" color={statusColor(e.status)}>
              {e.status}
            </Badge>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
