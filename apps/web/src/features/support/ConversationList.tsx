import { Badge, Button, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import { SUPPORT_MESSAGES, type SupportConversation } from '@replay/contracts';
import { Icon } from '../../components/Icon';
import { LoadError } from '../../components/list/LoadError';
import { withServerReason } from '../../components/list/status-text';
import { formatDateTime } from '../../lib/format-date';
import { useSupportConversations } from './api';

interface Props {
  onOpen: (id: string) => void;
  onNew: () => void;
}

function ConversationRow({ conversation: c, onOpen }: { conversation: SupportConversation; onOpen: (id: string) => void }) {
  const unread = c.unread > 0 ? `, ${c.unread} unread` : '';
  return (
    <UnstyledButton
      onClick={() => onOpen(c.id)}
      aria-label={`${c.subject}${c.status === 'closed' ? ', closed' : ''}${unread}`}
      p="sm"
      style={{ display: 'block', width: '100%', border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={c.unread > 0 ? 700 : 500} truncate>
          {c.subject}
        </Text>
        {c.unread > 0 && (
          <Badge size="sm" color="blue" variant="filled" aria-hidden>
            {c.unread}
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed">
          {formatDateTime(c.lastMessageAt)}
          {c.instanceName ? ` · ${c.instanceName}` : ''}
        </Text>
        {c.status === 'closed' && (
          <Badge size="xs" color="gray" variant="light">
            Closed
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

/** The account's conversations, the latest first, and the way to start one. */
export function ConversationList({ onOpen, onNew }: Props) {
  const query = useSupportConversations();
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button size="xs" leftSection={<Icon icon={IconPlus} />} onClick={onNew}>
          New conversation
        </Button>
      </Group>
      {query.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label="Loading conversations" />
        </Group>
      ) : query.isError ? (
        <LoadError message={withServerReason(SUPPORT_MESSAGES.listFailed, query.error)} onRetry={() => void query.refetch()} />
      ) : query.data.conversations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {SUPPORT_MESSAGES.empty}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label="Conversations" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {[...query.data.conversations]
            .sort((a, b) => b.lastMessageAt - a.lastMessageAt)
            .map((c) => (
              <li key={c.id}>
                <ConversationRow conversation={c} onOpen={onOpen} />
              </li>
            ))}
        </Stack>
      )}
    </Stack>
  );
}
