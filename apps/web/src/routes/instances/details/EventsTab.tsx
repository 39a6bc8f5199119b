import { Badge, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { INSTANCE_ACTIVITY_LABELS, PAGE_SIZES, type InstanceActivityStatus } from '@replay/contracts';
import { DataTable } from '../../../components/list/DataTable';
import { ListFooter } from '../../../components/list/ListFooter';
import { LoadError } from '../../../components/list/LoadError';
import { withServerReason } from '../../../components/list/status-text';
import { instanceKeys, instancesApi } from '../../../features/instances/api';
import { formatDateTime } from '../../../lib/format-date';

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
      <DataTable label="Events" columns={COLUMNS} busy={events.isFetching} loading={!data}>
        {data?.events.map((e) => {
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
        })}
      </DataTable>
      {data && <ListFooter page={page} pageSize={PAGE_SIZES.events} total={data.total} noun="events" onPage={onPage} />}
    </>
  );
}
