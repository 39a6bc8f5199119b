import { useState } from 'react';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { SUPPORT_MESSAGES, type SupportMessage } from '@replay/contracts';
import { formatDateTime } from '../../lib/format-date';
import { errorMessage } from '../../lib/api';
import { saveAttachment } from './attachment';

interface Props {
  messages: readonly SupportMessage[];
  /** Whose side the reader is on: their own messages are laid out to the right. */
  reader: 'member' | 'operator';
  /** The attachment's bytes, fetched with the reader's credentials. */
  fetchAttachment: (attachmentId: string) => Promise<Blob>;
  /** The member's side: their messages say whether they were answered yet, and the others' newest unread ones say 'New'. */
  showReadState?: boolean;
  /** How many of the others' latest messages the reader had not read when the thread opened. */
  unread?: number;
}

const sizeText = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${Math.ceil(bytes / 1024)} KiB`);

function AttachmentLinks({ message, fetchAttachment }: { message: SupportMessage; fetchAttachment: Props['fetchAttachment'] }) {
  const [error, setError] = useState<string | null>(null);
  if (message.attachments.length === 0) return null;
  const download = (id: string, name: string) => {
    setError(null);
    fetchAttachment(id).then(
      (blob) => saveAttachment(blob, name),
      (e: unknown) => setError(errorMessage(e, SUPPORT_MESSAGES.downloadFailed)),
    );
  };
  return (
    <Stack gap={2}>
      {message.attachments.map((a) => (
        <Anchor key={a.id} component="button" type="button" size="sm" onClick={() => download(a.id, a.name)} aria-label={`Download ${a.name}`}>
          {a.name} ({sizeText(a.size)})
        </Anchor>
      ))}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** A thread's messages, oldest first (the newest at the bottom), with author, time and attachments. */
export function MessageList({ messages, reader, fetchAttachment, showReadState = false, unread = 0 }: Props) {
  // Everything before the other side's latest answer has been seen by them.
  const lastAnswer = messages.findLastIndex((m) => m.authorKind !== reader && !m.internal);
  const others = messages.filter((m) => m.authorKind !== reader);
  const unreadIds = new Set(unread > 0 ? others.slice(-unread).map((m) => m.id) : []);
  return (
    <Stack gap="sm" component="ol" aria-label="Messages" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {messages.map((m, index) => {
        const own = m.authorKind === reader;
        return (
          <li key={m.id}>
            <Paper
              withBorder
              p="sm"
              radius="md"
              ml={own ? 'xl' : 0}
              mr={own ? 0 : 'xl'}
              bg={m.internal ? 'var(--mantine-color-yellow-light)' : own ? 'var(--mantine-color-blue-light)' : undefined}
              style={m.internal ? { borderStyle: 'dashed', borderColor: 'var(--mantine-color-yellow-outline)' } : undefined}
            >
              <Group justify="space-between" gap="xs" wrap="wrap" mb={4}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {m.authorName}
                  </Text>
                  {showReadState && unreadIds.has(m.id) && (
                    <Badge color="blue" variant="filled" size="sm">
                      New
                    </Badge>
                  )}
                  {m.internal && (
                    <Badge color="yellow" variant="light" size="sm">
                      Internal note
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed" component="time" dateTime={new Date(m.createdAt).toISOString()}>
                  {formatDateTime(m.createdAt)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.body}
              </Text>
              <AttachmentLinks message={m} fetchAttachment={fetchAttachment} />
              {showReadState && own && (
                <Text size="xs" c="dimmed" ta="right">
                  {index < lastAnswer ? 'Answered' : 'Sent'}
                </Text>
              )}
            </Paper>
          </li>
        );
      })}
    </Stack>
  );
}
