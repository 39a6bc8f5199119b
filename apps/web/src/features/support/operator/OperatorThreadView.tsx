import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { SUPPORT_MESSAGES, type OperatorThread } from '@replay/contracts';
import { LoadError } from '../../../components/list/LoadError';
import { withServerReason } from '../../../components/list/status-text';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-date';
import { Composer } from '../Composer';
import { MessageList } from '../MessageList';
import { AccountContext } from './AccountContext';
import { fetchOperatorAttachment, useOperatorAction, useOperatorThread } from './api';

interface Props {
  token: string;
  id: string;
}

function ThreadHeader({ thread, onToggle, busy }: { thread: OperatorThread; onToggle: () => void; busy: boolean }) {
  const { conversation, waitingSince } = thread;
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={2} size="h4" id="operator-thread-title">
            {conversation.subject}
          </Title>
          <Badge color={conversation.status === 'open' ? 'blue' : 'gray'} variant="light">
            {conversation.status === 'open' ? 'Open' : 'Closed'}
          </Badge>
        </Group>
        <Button variant="default" size="xs" loading={busy} onClick={onToggle}>
          {conversation.status === 'open' ? 'Close conversation' : 'Reopen conversation'}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {conversation.instanceName ? `${SUPPORT_MESSAGES.aboutInstance(conversation.instanceName)} · ` : ''}
        {waitingSince === null ? 'Answered' : `Waiting since ${formatDateTime(waitingSince)}`}
      </Text>
    </Stack>
  );
}

/** One conversation as operators see it: every message (internal notes marked), the account beside it, and the answer box. */
export function OperatorThreadView({ token, id }: Props) {
  const query = useOperatorThread(token, id);
  const action = useOperatorAction(token, id);
  const [internal, setInternal] = useState(false);
  if (query.isPending) return <Loader size="sm" aria-label="Loading conversation" />;
  if (query.isError) return <LoadError message={withServerReason(SUPPORT_MESSAGES.threadFailed, query.error)} onRetry={() => void query.refetch()} />;
  const thread = query.data;
  const open = thread.conversation.status === 'open';
  return (
    <Grid gutter="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="sm" component="section" aria-labelledby="operator-thread-title">
          <ThreadHeader thread={thread} busy={action.isPending && action.variables.kind !== 'message'} onToggle={() => action.mutate({ kind: open ? 'close' : 'reopen' })} />
          {action.isError && action.variables.kind !== 'message' && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(action.error, 'The conversation could not be changed.')}
            </Alert>
          )}
          <MessageList messages={thread.messages} reader="operator" fetchAttachment={(attachmentId) => fetchOperatorAttachment(token, id, attachmentId)} />
          <div style={internal ? { background: 'var(--mantine-color-yellow-light)', border: '1px dashed var(--mantine-color-yellow-outline)', borderRadius: 8, padding: 8 } : undefined}>
            <Composer
              label={internal ? 'Internal note' : 'Reply to the customer'}
              submitLabel={internal ? 'Add internal note' : 'Send reply'}
              onSend={(value) => action.mutateAsync({ kind: 'message', internal, ...value })}
            >
              <Checkbox label="Internal note" description={SUPPORT_MESSAGES.internalNoteHint} checked={internal} onChange={(e) => setInternal(e.currentTarget.checked)} />
            </Composer>
          </div>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <AccountContext account={thread.account} />
      </Grid.Col>
    </Grid>
  );
}
