import { useEffect, useRef } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import IconArrowLeft from '@tabler/icons-react/dist/esm/icons/IconArrowLeft.mjs';
import { SUPPORT_MESSAGES } from '@replay/contracts';
import { Icon } from '../../components/Icon';
import { LoadError } from '../../components/list/LoadError';
import { withServerReason } from '../../components/list/status-text';
import { fetchMemberAttachment, useReply, useSupportThread } from './api';
import { Composer } from './Composer';
import { MessageList } from './MessageList';

interface Props {
  id: string;
  onBack: () => void;
}

/** One conversation: its messages (newest at the bottom, scrolled to) and the reply box. */
export function SupportThreadView({ id, onBack }: Props) {
  const query = useSupportThread(id);
  const reply = useReply(id);
  const end = useRef<HTMLDivElement>(null);
  const count = query.data?.messages.length ?? 0;
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  const back = (
    <Button variant="subtle" size="xs" leftSection={<Icon icon={IconArrowLeft} />} onClick={onBack} style={{ alignSelf: 'flex-start' }}>
      All conversations
    </Button>
  );
  if (query.isPending) {
    return (
      <Stack gap="sm">
        {back}
        <Loader size="sm" aria-label="Loading conversation" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="sm">
        {back}
        <LoadError message={withServerReason(SUPPORT_MESSAGES.threadFailed, query.error)} onRetry={() => void query.refetch()} />
      </Stack>
    );
  }
  const { conversation, messages } = query.data;
  return (
    <Stack gap="sm">
      {back}
      <Group gap="xs" wrap="wrap">
        <Title order={4} id="support-thread-title">
          {conversation.subject}
        </Title>
        {conversation.status === 'closed' && (
          <Badge color="gray" variant="light">
            Closed
          </Badge>
        )}
      </Group>
      {conversation.instanceName && (
        <Text size="xs" c="dimmed">
          {SUPPORT_MESSAGES.aboutInstance(conversation.instanceName)}
        </Text>
      )}
      <section aria-labelledby="support-thread-title">
        <MessageList messages={messages} reader="member" showReadState unread={conversation.unread} fetchAttachment={(attachmentId) => fetchMemberAttachment(id, attachmentId)} />
        <div ref={end} />
      </section>
      {conversation.status === 'closed' && (
        <Alert color="gray" variant="light">
          {SUPPORT_MESSAGES.closedReopens}
        </Alert>
      )}
      <Composer label="Your reply" submitLabel="Send" onSend={(value) => reply.mutateAsync(value)} />
    </Stack>
  );
}
