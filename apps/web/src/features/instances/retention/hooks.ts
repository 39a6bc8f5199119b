import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RETENTION_MESSAGES, TIMINGS_MS, type RetentionDays, type RetentionRead } from '@replay/contracts';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { instanceKeys } from '../api';
import { useEventsWhenSettled } from '../details/settled';
import { retentionApi, retentionKeys } from './api';

/**
 * The instance's data retention (the Data Retention card and the Maintenance & Backups tab).
 * While a save waits for the workflow (`pending`) it is read again every second, and the
 * Events tab once it is applied.
 */
export function useRetention(instanceId: string, enabled = true) {
  const query = useQuery({
    queryKey: retentionKeys.retention(instanceId),
    queryFn: ({ signal }) => retentionApi.read(instanceId, signal),
    enabled,
    refetchInterval: (q) => (q.state.data?.pending ? TIMINGS_MS.storagePoll : false),
  });
  useEventsWhenSettled(instanceId, query.data?.pending === true);
  return query;
}

/**
 * POST /managed-saas/config-disk-usage: one retention for every instance of the account. Says how
 * many take it, and names those busy with another change (left as they were); every instance's
 * retention is read again.
 */
export function useSaveAccountRetention(onSaved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: RetentionDays) => retentionApi.saveForAccount(days),
    onSuccess: ({ applied, busy }) => {
      void queryClient.invalidateQueries({ queryKey: retentionKeys.all });
      notifySuccess(RETENTION_MESSAGES.accountSaved(applied.length));
      if (busy.length) notifyError(RETENTION_MESSAGES.accountBusy(busy.map((i) => i.name)));
      onSaved?.();
    },
    onError: (error) => notifyError(errorMessage(error, RETENTION_MESSAGES.saveFailed)),
  });
}

/** POST …/config-disk-usage: a toast either way, the server's reason with a failure. */
export function useSaveRetention(instanceId: string, onSaved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: RetentionDays) => retentionApi.save(instanceId, days),
    onSuccess: (retention) => {
      // The save answers the retention alone; the last measure of the recent days stays until the next read (every second while pending).
      queryClient.setQueryData<RetentionRead>(retentionKeys.retention(instanceId), (old) => old && { ...old, ...retention });
      void queryClient.invalidateQueries({ queryKey: instanceKeys.allEvents(instanceId) });
      notifySuccess(RETENTION_MESSAGES.saved);
      onSaved?.();
    },
    onError: (error) => {
      const reason = errorMessage(error, '');
      if (reason) notifyError(reason, RETENTION_MESSAGES.saveFailed);
      else notifyError(RETENTION_MESSAGES.saveFailed);
    },
  });
}
