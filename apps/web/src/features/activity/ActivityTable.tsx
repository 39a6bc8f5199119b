import { Badge, Group, Table, Text } from '@mantine/core';
import type { ConsoleActivity } from '@replay/contracts';
import { DataTable } from '../../components/list/DataTable';
import { formatDateTime } from '../../lib/format-date';

/** The console's events: Event, By, Time. */
export function ActivityTable({ activities }: { activities: readonly ConsoleActivity[] }) {
  return (
    <DataTable label="Console activity" columns={['Event', 'By', 'Time']} minWidth={560}>
      {activities.map((a) => (
        <Table.Tr key={a.activityId}>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm">{a.message}</Text>
              {a.instanceName && (
                <Badge size="xs" variant="light" color="gray">
                  {a.instanceName}
                </Badge>
              )}
            </Group>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{a.userName}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" c="dimmed" component="time" dateTime={new Date(a.timestamp).toISOString()}>
              {formatDateTime(a.timestamp)}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
