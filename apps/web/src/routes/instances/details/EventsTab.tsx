import { Badge, Paper, Skeleton, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { INSTANCE_ACTIVITY_LABELS, PAGE_SIZES, type InstanceActivityStatus } from '@replay/contracts';
import { instanceKeys, instancesApi } from '../../../features/instances/api';
import { ListFooter } from '../../../components/list/ListFooter';
import { LoadError } from '../../../components/list/LoadError';
import { withServerReason } from '../../../components/list/status-text';
import { formatDateTime } from '../../../features/instances/format';

const COLUMNS = ['Action', 'Comments', 'By', 'Time'] as const;
// Events are history: a 'pending' step was under way when recorded and is followed by
// the step that finished it, so only failures are marked.
const STATUS: Record<InstanceActivityStatus, { label: string; color: string } | null> = {
  success: null,
  pending: null,
  failed: { label: 'Failed', color: 'red' },
};

interface Props {
  instanceId: string;
  page: number;
  onPage: (page: number) => void;
}

/** The Events tab: what was done to the instance and by whom, 10 a page (GET …/{id}/user-activity). */
export function EventsTab({ instanceId, page, onPage }: Props) {
  const events = useQuery({
    queryKey: instanceKeys.events(instanceId, page),
    queryFn: ({ signal }) => instancesApi.events(instanceId, page, signal),
    placeholderData: keepPreviousData,
  });
  const { data } = events;

  if (events.isError && !data) {
    return <LoadError message={withServerReason('The events could not be loaded.', events.error)} onRetry={() => void events.refetch()} />;
  }
  if (data && data.total === 0) {
    return (
      <Text c="dimmed" size="sm" py="md">
        No events yet.
      </Text>
    );
  }
  return (
    <>
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Events" aria-busy={events.isFetching}>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data
              ? data.events.map((e) => {
                  const status = STATUS[e.status];
                  return (
                    <Table.Tr key={e.activityId}>
                      <Table.Td>
                        <Text size="sm" fw={500} span>
                          {INSTANCE_ACTIVITY_LABELS[e.action]}
                        </Text>
                        {status && (
                          <Badge ml="xs" size="xs" variant="light" color={status.color}>
                            {status.label}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{e.comments}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{e.userName}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" title={new Date(e.createdAt).toISOString()}>
                          {formatDateTime(e.createdAt)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })
              : [0, 1, 2].map((n) => (
                  <Table.Tr key={n}>
                    {COLUMNS.map((c) => (
                      <Table.Td key={c}>
                        <Skeleton height={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {data && <ListFooter page={page} pageSize={PAGE_SIZES.events} total={data.total} noun="events" onPage={onPage} />}
    </>
  );
}
