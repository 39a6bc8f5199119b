import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MONITORING_MESSAGES, TIMINGS_MS } from '@replay/contracts';
import { notifyError } from '../../../lib/notify';
import { monitoringApi, monitoringKeys } from './api';
import { windowFor, type MonitoringRange } from './ranges';

/** The latest figures for the summary cards, read again every 60 s (spec section 4: statistics refresh every 60 s). */
export function useStatistics(instanceId: string, enabled: boolean) {
  return useQuery({
    queryKey: monitoringKeys.statistics(instanceId),
    queryFn: ({ signal }) => monitoringApi.statistics(instanceId, signal),
    enabled,
    refetchInterval: TIMINGS_MS.monitoringRefresh,
  });
}

/**
 * The window ending now, read again every 60 s while the tab shows it. The key
 * names the range, not the times: each fetch computes its own window, so a
 * refetch moves the window forward instead of adding a cache entry a minute.
 */
export function useGraphs(instanceId: string, range: MonitoringRange) {
  return useQuery({
    queryKey: monitoringKeys.graphs(instanceId, range.value),
    queryFn: ({ signal }) => monitoringApi.graphs(instanceId, windowFor(range, Date.now()), signal),
    refetchInterval: TIMINGS_MS.monitoringRefresh,
    // A window of a minute ago is already a minute old: fetch on opening, show the cached one meanwhile.
    staleTime: 0,
  });
}

/**
 * Spec section 8: 'Failed to fetch instance statistics' when the statistics or
 * the graphs cannot be read. Once per failure streak: the 60-s refetches of a
 * console that stays down would otherwise stack a toast a minute. A streak
 * lasts while any monitoring call of the instance that failed (after the
 * client's retries) has not succeeded since; a refetch under way does not end
 * it, nor does the other call succeeding.
 */
export function useMonitoringFailureToast(instanceId: string): void {
  const cache = useQueryClient().getQueryCache();
  useEffect(() => {
    const failing = new Set<string>();
    const root = monitoringKeys.instance(instanceId);
    const ours = (key: readonly unknown[]) => root.every((part, i) => key[i] === part);
    return cache.subscribe((event) => {
      if (!ours(event.query.queryKey)) return;
      const hash = event.query.queryHash;
      if (event.type === 'removed') failing.delete(hash);
      if (event.type !== 'updated') return;
      if (event.action.type === 'success') failing.delete(hash);
      if (event.action.type === 'error') {
        if (failing.size === 0) notifyError(MONITORING_MESSAGES.statisticsFailed);
        failing.add(hash);
      }
    });
  }, [cache, instanceId]);
}
