import { Badge, Group, Paper, Table, Text } from '@mantine/core';
import type { ConsoleActivity } from '@replay/contracts';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The console's events: Event, By, Time. */
export function ActivityTable({ activities }: { activities: readonly ConsoleActivity[] }) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Console activity">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>Time</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
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
                    {timeFormat.format(new Date(a.timestamp))}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
