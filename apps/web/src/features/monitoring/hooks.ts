import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MONITORING_MESSAGES, TIMINGS_MS } from '@replay/contracts';
import { notifyError } from '../../lib/notify';
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

/** Whether any monitoring call of the instance that is on screen (has an observer) last failed. */
function useMonitoringFailing(instanceId: string): boolean {
  const cache = useQueryClient().getQueryCache();
  const failing = () =>
    cache
      .findAll({ queryKey: monitoringKeys.instance(instanceId) })
      .some((q) => q.state.status === 'error' && q.getObserversCount() > 0);
  return useSyncExternalStore((onChange) => cache.subscribe(onChange), failing, failing);
}

/**
 * Spec section 8: 'Failed to fetch instance statistics' when the statistics or
 * the graphs cannot be read. Once per failure streak: the 60-s refetches and
 * the client's retries of a console that stays down would otherwise stack a
 * toast a minute; the next success ends the streak.
 */
export function useMonitoringFailureToast(instanceId: string): void {
  const failing = useMonitoringFailing(instanceId);
  const told = useRef(false);
  useEffect(() => {
    if (failing && !told.current) notifyError(MONITORING_MESSAGES.statisticsFailed);
    told.current = failing;
  }, [failing]);
}
