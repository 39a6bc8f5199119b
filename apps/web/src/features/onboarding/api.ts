import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boardingSchema, onboardingEndpoints, gettingStartedStatus, type Boarding, type SignalBody, type WeeklyReport } from '@replay/contracts';
import { call } from '../../lib/api';
import { STORAGE_KEYS, readStored, writeStored } from '../../lib/storage';

const boardingKey = (tenantId: string) => ['boarding', tenantId] as const;
const weeklyReportKey = ['weekly-report'] as const;
const storageKey = (tenantId: string) => `${STORAGE_KEYS.gettingStarted}.${tenantId}`;

/** The completed checklist kept in this browser for the account, or null. */
export function completedBoarding(tenantId: string): Boarding | null {
  const raw = readStored('local', storageKey(tenantId));
  if (!raw) return null;
  try {
    const parsed = boardingSchema.safeParse(JSON.parse(raw));
    return parsed.success && gettingStartedStatus(parsed.data.tasks) === 'completed' ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * GET /boarding. Spec: cached locally; no refetch once completed. A completed checklist
 * is written to localStorage and read from there ever after (the query never runs);
 * an in-progress one is asked for whenever the panel shows.
 */
export function useBoarding(tenantId: string) {
  const cached = completedBoarding(tenantId);
  return useQuery({
    queryKey: boardingKey(tenantId),
    queryFn: async ({ signal }) => {
      const boarding = await call(onboardingEndpoints.boarding, {}, { signal });
      if (gettingStartedStatus(boarding.tasks) === 'completed') writeStored('local', storageKey(tenantId), JSON.stringify(boarding));
      return boarding;
    },
    initialData: cached ?? undefined,
    enabled: cached === null,
    staleTime: cached ? Infinity : 0,
  });
}

/** The device class of this browser, by its viewport (what the signal reports). */
export function deviceType(): SignalBody['deviceType'] {
  if (typeof window.matchMedia !== 'function') return 'other';
  if (window.matchMedia('(max-width: 767px)').matches) return 'mobile';
  if (window.matchMedia('(max-width: 1023px)').matches) return 'tablet';
  return 'desktop';
}

/**
 * POST /{projectId}/signals, once per visit of a screen about the instance: the console's
 * own usage signal. Fire and forget: a refused or lost signal changes nothing on screen.
 */
export function useUiSignal(projectId: string | null) {
  useEffect(() => {
    if (!projectId) return;
    call(onboardingEndpoints.signal, { params: { projectId }, body: { timestamp: Date.now(), deviceType: deviceType() } }).catch(() => undefined);
  }, [projectId]);
}

/** GET /config/weekly_report: the signed-in member's own choice. */
export function useWeeklyReport() {
  return useQuery({ queryKey: weeklyReportKey, queryFn: ({ signal }) => call(onboardingEndpoints.weeklyReport, {}, { signal }) });
}

export function useSaveWeeklyReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WeeklyReport) => call(onboardingEndpoints.saveWeeklyReport, { body }),
    onSuccess: (saved) => queryClient.setQueryData(weeklyReportKey, saved),
  });
}
