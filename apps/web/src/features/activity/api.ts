import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, activitiesListSchema } from '@replay/contracts';
import { api, createQueryKeys } from '../../lib/api';

export const activityKeys = createQueryKeys('activities');

/** GET /managed-saas/activities: one page, newest first, filtered by event on the server. */
export function useActivities(page: number, query: string, enabled: boolean) {
  return useQuery({
    queryKey: activityKeys.list({ page, query }),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZES.activities) });
      if (query) params.set('query', query);
      return api.get(`/managed-saas/activities?${params.toString()}`, activitiesListSchema, { signal });
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}
