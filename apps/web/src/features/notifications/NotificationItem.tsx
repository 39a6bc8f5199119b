import { Badge, Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { Notification, NotificationLevel } from '@replay/contracts';
import { formatDateTime } from '../../lib/format-date';

const LEVEL: Record<NotificationLevel, { label: string; color: string }> = {
  info: { label: 'Info', color: 'blue' },
  success: { label: 'Resolved', color: 'green' },
  warning: { label: 'Warning', color: 'orange' },
  critical: { label: 'Critical', color: 'red' },
};

/** One line of the bell's list: level, title, description, time; unread ones in bold. A link when it names a place. */
export function NotificationItem({ notification: n, onOpen }: { notification: Notification; onOpen: () => void }) {
  const level = LEVEL[n.level];
  const body = (
    <Box px="md" py="xs">
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Badge size="xs" variant="light" color={level.color}>
          {level.label}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDateTime(n.createdAt)}
        </Text>
      </Group>
      <Text size="sm" fw={n.viewed ? 400 : 700} mt={4}>
        {n.title}
        {!n.viewed && <VisuallyHidden> (unread)</VisuallyHidden>}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {n.description}
      </Text>
    </Box>
  );
  return (
    <li style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      {n.link ? (
        <UnstyledButton component={Link} to={n.link} onClick={onOpen} w="100%" display="block">
          {body}
        </UnstyledButton>
      ) : (
        <UnstyledButton onClick={onOpen} w="100%" display="block">
          {body}
        </UnstyledButton>
      )}
    </li>
  );
}
