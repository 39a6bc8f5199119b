import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCESS_LIST_MESSAGES, TIMINGS_MS, type AccessEntry } from '@replay/contracts';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { instanceKeys } from '../api';
import { useEventsWhenSettled } from '../details/settled';
import { accessListApi, accessListKeys } from './api';

/** The list; read again every second while a save waits for the workflow, as the CORS tab is. */
export function useAccessList(instanceId: string) {
  const query = useQuery({
    queryKey: accessListKeys.list(instanceId),
    queryFn: ({ signal }) => accessListApi.read(instanceId, signal),
    refetchInterval: (q) => (q.state.data?.pending ? TIMINGS_MS.storagePoll : false),
  });
  useEventsWhenSettled(instanceId, query.data?.pending === true);
  return query;
}

export function useSaveAccessList(instanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entries: AccessEntry[]) => accessListApi.save(instanceId, { entries }),
    onSuccess: (list) => {
      queryClient.setQueryData(accessListKeys.list(instanceId), list);
      void queryClient.invalidateQueries({ queryKey: instanceKeys.allEvents(instanceId) });
      notifySuccess(ACCESS_LIST_MESSAGES.saved);
    },
    onError: (error) => notifyError(errorMessage(error, ACCESS_LIST_MESSAGES.saveFailed), ACCESS_LIST_MESSAGES.saveFailed),
  });
}

/** POST …/access-check: what the running instance's list decides for an address. */
export function useAccessCheck(instanceId: string) {
  return useMutation({ mutationFn: (address: string) => accessListApi.check(instanceId, address) });
}
