import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS, notificationEndpoints, type NotificationCategory, type ViewNotificationsInput } from '@replay/contracts';
import { call } from '../../lib/api';
import { useAfterPaint } from '../../lib/use-after-paint';

export const notificationKeys = {
  all: ['notifications'] as const,
  count: () => ['notifications', 'count'] as const,
  list: () => ['notifications', 'list'] as const,
  page: (page: number, filterKey: NotificationCategory | undefined) => ['notifications', 'list', page, filterKey ?? 'all'] as const,
};

/** The notifications page's page size. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** How many the popover shows: the newest; older ones are marked read with "Mark all as read". */
export const POPOVER_SIZE = 20;

/**
 * The bell's unread count, asked every 30 s. React Query's interval stops while the tab is
 * hidden (refetchIntervalInBackground is off) and asks once when it is shown again, so a
 * console left open in a background tab costs the server nothing.
 */
export function useNotificationCount() {
  // Asked once the page has painted: the count is not what a page opens for.
  const painted = useAfterPaint();
  return useQuery({
    queryKey: notificationKeys.count(),
    enabled: painted,
    queryFn: ({ signal }) => call(notificationEndpoints.notificationCount, {}, { signal }),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** The newest notifications, read afresh each time the popover opens (its panel mounts). */
export function useNotificationList(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => call(notificationEndpoints.notifications, { query: { page: 1, limit: POPOVER_SIZE } }, { signal }),
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** One page of the notifications page (a kind, or all), read afresh on each visit. */
export function useNotificationPage(page: number, filterKey: NotificationCategory | undefined) {
  return useQuery({
    queryKey: notificationKeys.page(page, filterKey),
    queryFn: ({ signal }) => call(notificationEndpoints.notifications, { query: { page, limit: NOTIFICATIONS_PAGE_SIZE, ...(filterKey ? { filterKey } : {}) } }, { signal }),
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

/** Marks some (or all) read; the answer is the new unread count. */
export function useMarkViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ViewNotificationsInput) => call(notificationEndpoints.viewNotifications, { body }),
    onSuccess: (count) => {
      queryClient.setQueryData(notificationKeys.count(), count);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    },
  });
}
