import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CORS_MESSAGES, TIMINGS_MS, corsSaveBody, type InstanceConfig } from '@replay/contracts';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { instanceKeys } from '../api';
import { useEventsWhenSettled } from '../details/settled';
import { corsApi, corsKeys } from './api';

/**
 * The instance's configuration. While a save waits for the workflow to apply it
 * (`pending`), it is read again every second, as a growing disk is, so the tab says
 * when the instance has it; the Events tab is read again then.
 */
export function useInstanceConfig(instanceId: string) {
  const query = useQuery({
    queryKey: corsKeys.config(instanceId),
    queryFn: ({ signal }) => corsApi.config(instanceId, signal),
    refetchInterval: (q) => (q.state.data?.pending ? TIMINGS_MS.storagePoll : false),
  });
  useEventsWhenSettled(instanceId, query.data?.pending === true);
  return query;
}

/** POST …/config with the origins (empty: any): the spec's toasts, the server's reason with a failure. */
export function useSaveCors(instanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ current, origins }: { current: InstanceConfig; origins: string[] }) => corsApi.save(instanceId, corsSaveBody(current, origins)),
    onSuccess: (config) => {
      queryClient.setQueryData(corsKeys.config(instanceId), config);
      void queryClient.invalidateQueries({ queryKey: instanceKeys.allEvents(instanceId) });
      notifySuccess(CORS_MESSAGES.saved);
    },
    onError: (error) => {
      const reason = errorMessage(error, '');
      if (reason) notifyError(reason, CORS_MESSAGES.saveFailed);
      else notifyError(CORS_MESSAGES.saveFailed);
    },
  });
}

/** POST …/cors-check: the instance's own answer for a tracker on that origin. */
export function useCorsCheck(instanceId: string) {
  return useMutation({ mutationFn: (origin: string) => corsApi.check(instanceId, origin) });
}
