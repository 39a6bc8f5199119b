import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, endpoints, type AuditEntry, type TrailsQuery } from '@replay/contracts';
import { call, createQueryKeys } from '../../lib/api';
import type { Period } from './period';

export const auditKeys = createQueryKeys('audit');

/** What the trail is filtered by (the period already resolved to times). */
export interface TrailsFilter {
  period: Period;
  userId?: string;
  action?: string;
  query?: string;
}

function body(filter: TrailsFilter, page: number, limit: number): TrailsQuery {
  return {
    page,
    limit,
    period: filter.period,
    ...(filter.userId ? { userId: filter.userId } : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.query ? { query: filter.query } : {}),
  };
}

export function fetchTrails(filter: TrailsFilter, page: number, limit: number, signal?: AbortSignal) {
  return call(endpoints.trails, { body: body(filter, page, limit) }, { signal });
}

/**
 * POST /trails, one page of 20. The key holds what the user chose (`choiceKey`,
 * e.g. 'last7Days'), not the times: a relative period is resolved afresh by
 * `resolve` whenever the page is (re)fetched.
 */
export function useTrails(choiceKey: Record<string, unknown>, page: number, resolve: () => TrailsFilter | null) {
  return useQuery({
    queryKey: auditKeys.list({ ...choiceKey, page }),
    queryFn: ({ signal }) => {
      const filter = resolve();
      // Not enabled without a period; this guards a refetch racing a change of the choice.
      if (!filter) return Promise.resolve({ sessions: [], count: 0 });
      return fetchTrails(filter, page, PAGE_SIZES.audit, signal);
    },
    enabled: resolve() !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /trails/{id}: one entry in full, for the detail drawer. */
export function useTrail(id: string | null) {
  return useQuery({
    queryKey: auditKeys.detail(id ?? ''),
    queryFn: ({ signal }) => call(endpoints.trail, { params: { id: id ?? '' } }, { signal }),
    enabled: id !== null,
    staleTime: Infinity, // entries are append-only: one never changes
  });
}

/** The largest page /trails serves: an export reads as few pages as it can. */
export const EXPORT_PAGE_SIZE = 100;

/** Every entry matching `filter`, page after page (for the CSV export). */
export async function fetchAllTrails(filter: TrailsFilter): Promise<AuditEntry[]> {
  const all: AuditEntry[] = [];
  for (let page = 1; ; page += 1) {
    const { sessions, count } = await fetchTrails(filter, page, EXPORT_PAGE_SIZE);
    all.push(...sessions);
    if (sessions.length < EXPORT_PAGE_SIZE || all.length >= count) return all;
  }
}
