import { useId, useRef, useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text, VisuallyHidden } from '@mantine/core';
import IconBell from '@tabler/icons-react/dist/esm/icons/IconBell.mjs';
import { Link } from 'react-router';
import { NOTIFICATION_MESSAGES, routes } from '@replay/contracts';
import { useMarkViewed, useNotificationCount, useNotificationList } from './api';
import { NotificationItem } from './NotificationItem';

const bellLabel = (count: number) => (count === 0 ? 'Notifications, none unread' : `Notifications, ${count} unread`);

/**
 * The popover's content. Mounted only while the popover is open, so each opening reads
 * the list afresh (a cached list from an earlier opening would miss what arrived since).
 */
function NotificationPanel({ count, headingId, onFollow }: { count: number; headingId: string; onFollow: () => void }) {
  const list = useNotificationList(true);
  const mark = useMarkViewed();
  const items = list.data?.notifications ?? [];
  const heading = useRef<HTMLHeadingElement>(null);
  // The button goes disabled once nothing is unread: focus moves to the heading first, so it
  // stays in the dialog (Escape still closes it) rather than falling to the page.
  const markAll = () => mark.mutate({ all: true }, { onSuccess: () => heading.current?.focus() });
  return (
    <>
      <Group justify="space-between" px="md" py="xs">
        <Text fw={600} component="h2" size="sm" id={headingId} ref={heading} tabIndex={-1}>
          {NOTIFICATION_MESSAGES.title}
        </Text>
        <Button size="compact-xs" variant="subtle" disabled={count === 0} loading={mark.isPending} onClick={markAll}>
          {NOTIFICATION_MESSAGES.markAllRead}
        </Button>
      </Group>
      <ScrollArea.Autosize mah={420}>
        {list.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Loading notifications" />
          </Group>
        ) : list.isError ? (
          <Text role="alert" size="sm" p="md">
            {NOTIFICATION_MESSAGES.loadFailed}
          </Text>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" p="md">
            {NOTIFICATION_MESSAGES.empty}
          </Text>
        ) : (
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((n) => (
              <NotificationItem
                key={n.notificationId}
                notification={n}
                onOpen={() => {
                  if (!n.viewed) mark.mutate({ ids: [n.notificationId] });
                  onFollow();
                }}
              />
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
      <Group justify="center" py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Anchor component={Link} to={routes.client('notifications')} size="sm" onClick={onFollow}>
          {NOTIFICATION_MESSAGES.viewAll}
        </Anchor>
      </Group>
    </>
  );
}

/**
 * The header's bell: the unread count (polled while the tab is visible) and, on click, the
 * newest notifications in a popover; following one marks it read, "Mark all as read" the
 * rest. A button and a dialog, so Tab, Enter and Escape work as anywhere else.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const headingId = useId();
  const { data: counted } = useNotificationCount();
  const count = counted?.count ?? 0;

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={380} shadow="md" trapFocus returnFocus withinPortal>
      {/* The count is in the button's name; the badge only pictures it. */}
      <Indicator label={count > 99 ? '99+' : count} size={16} disabled={count === 0} offset={4} color="red">
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-haspopup="dialog" onClick={() => setOpened((o) => !o)}>
            <IconBell size={20} aria-hidden />
            <VisuallyHidden>{bellLabel(count)}</VisuallyHidden>
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} aria-labelledby={headingId}>
        {opened && <NotificationPanel count={count} headingId={headingId} onFollow={() => setOpened(false)} />}
      </Popover.Dropdown>
    </Popover>
  );
}
