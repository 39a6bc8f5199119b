import { Group, Loader, SegmentedControl, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { SUPPORT_MESSAGES } from '@replay/contracts';
import { LoadError } from '../../../components/list/LoadError';
import { withServerReason } from '../../../components/list/status-text';
import { formatDateTime } from '../../../lib/format-date';
import { useOperatorQueue } from './api';

interface Props {
  token: string;
  status: 'open' | 'closed';
  onStatus: (status: 'open' | 'closed') => void;
  selected: string | null;
  onOpen: (id: string) => void;
}

/** Every account's conversations: the open ones waiting longest first (as the API orders them), or the closed ones. */
export function OperatorQueue({ token, status, onStatus, selected, onOpen }: Props) {
  const query = useOperatorQueue(token, status);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          aria-label="Conversations"
          value={status}
          onChange={(value) => onStatus(value === 'closed' ? 'closed' : 'open')}
          data={[
            { value: 'open', label: 'Open' },
            { value: 'closed', label: 'Closed' },
          ]}
        />
      </Group>
      {query.isPending ? (
        <Loader size="sm" aria-label="Loading the queue" />
      ) : query.isError ? (
        <LoadError message={withServerReason(SUPPORT_MESSAGES.listFailed, query.error)} onRetry={() => void query.refetch()} />
      ) : query.data.conversations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {SUPPORT_MESSAGES.queueEmpty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table highlightOnHover aria-label={status === 'open' ? 'Open conversations' : 'Closed conversations'}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Account</Table.Th>
                <Table.Th>Instance</Table.Th>
                <Table.Th>Waiting since</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.conversations.map((c) => (
                <Table.Tr key={c.id} bg={c.id === selected ? 'var(--mantine-color-blue-light)' : undefined}>
                  <Table.Td>
                    <UnstyledButton onClick={() => onOpen(c.id)} aria-current={c.id === selected ? 'true' : undefined} td="underline" fz="sm">
                      {c.subject}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>{c.accountName}</Table.Td>
                  <Table.Td>{c.instanceName ?? '—'}</Table.Td>
                  <Table.Td>{c.waitingSince === null ? 'Answered' : formatDateTime(c.waitingSince)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
