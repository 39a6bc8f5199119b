import { Button, Paper, SegmentedControl, Stack, useMatches } from '@mantine/core';
import { useSearchParams } from 'react-router';
import IconBell from '@tabler/icons-react/dist/esm/icons/IconBell.mjs';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_CATEGORY_LABELS, NOTIFICATION_MESSAGES, type NotificationCategory } from '@replay/contracts';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { ListStates } from '../../components/list/ListStates';
import { usePageParam } from '../../components/list/paging';
import { errorMessage } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useConsoleTitle } from '../../lib/use-document-title';
import { NOTIFICATIONS_PAGE_SIZE, useMarkViewed, useNotificationCount, useNotificationPage } from '../../features/notifications/api';
import { NotificationItem } from '../../features/notifications/NotificationItem';

const ALL = 'all';
const isCategory = (value: string | null): value is NotificationCategory => (NOTIFICATION_CATEGORIES as readonly string[]).includes(value ?? '');

/**
 * Settings → Notifications (/client/notifications): every notification the member has, newest
 * first, a page at a time, narrowed to one kind (the filter stays in the address, so a reload
 * or a shared link keeps it); following one marks it read, as in the bell.
 */
export default function NotificationsPage() {
  useConsoleTitle(NOTIFICATION_MESSAGES.title);
  const [params, setParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  // Six kinds side by side need ~380 px: on a phone they are stacked, none off the screen.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', xs: 'horizontal' });
  const raw = params.get('kind');
  const filterKey = isCategory(raw) ? raw : undefined;
  const list = useNotificationPage(page, filterKey);
  const { data: counted } = useNotificationCount();
  const mark = useMarkViewed();

  const setKind = (kind: string) =>
    setParams((p) => {
      if (kind === ALL) p.delete('kind');
      else p.set('kind', kind);
      p.delete('page');
      return p;
    });
  const markAll = () => mark.mutate({ all: true }, { onError: (err) => notifyError(errorMessage(err, 'Could not mark the notifications as read.')) });

  const actions = (
    <Button variant="light" disabled={(counted?.count ?? 0) === 0} loading={mark.isPending} onClick={markAll}>
      {NOTIFICATION_MESSAGES.markAllRead}
    </Button>
  );
  return (
    <>
      <PageTitle title={NOTIFICATION_MESSAGES.title} actions={actions} />
      <Stack gap="md">
        <SegmentedControl
          aria-label="Kind of notification"
          value={filterKey ?? ALL}
          onChange={setKind}
          data={[{ value: ALL, label: 'All' }, ...NOTIFICATION_CATEGORIES.map((c) => ({ value: c, label: NOTIFICATION_CATEGORY_LABELS[c] }))]}
          orientation={orientation}
          style={{ alignSelf: 'flex-start' }}
        />
        <ListStates
          query={list}
          loading={{ label: 'Loading notifications', rows: 4, height: 56 }}
          errorPrefix="Error fetching notifications"
          isEmpty={(data) => data.notifications.length === 0}
          empty={<EmptyState icon={<IconBell size={32} />} title={filterKey ? NOTIFICATION_MESSAGES.emptyCategory : NOTIFICATION_MESSAGES.empty} />}
          paging={{ page, pageSize: NOTIFICATIONS_PAGE_SIZE, total: list.data?.total ?? 0, noun: 'notifications', onPage: setPage }}
        >
          {(data) => (
            <Paper withBorder radius="md">
              <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={NOTIFICATION_MESSAGES.title}>
                {data.notifications.map((n) => (
                  <NotificationItem key={n.notificationId} notification={n} onOpen={() => !n.viewed && mark.mutate({ ids: [n.notificationId] })} />
                ))}
              </Stack>
            </Paper>
          )}
        </ListStates>
      </Stack>
    </>
  );
}
