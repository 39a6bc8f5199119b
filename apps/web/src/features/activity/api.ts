import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, endpoints } from '@replay/contracts';
import { call, createQueryKeys } from '../../lib/api';

export const activityKeys = createQueryKeys('activities');

/** GET /managed-saas/activities: one page, newest first, filtered by event on the server. */
export function useActivities(page: number, query: string, enabled: boolean) {
  return useQuery({
    queryKey: activityKeys.list({ page, query }),
    queryFn: ({ signal }) => call(endpoints.activities, { query: { page, limit: PAGE_SIZES.activities, query: query || undefined } }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
