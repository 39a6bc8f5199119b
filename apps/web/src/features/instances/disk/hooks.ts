import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DISK_MESSAGES, TIMINGS_MS, routes, type CleanupDays, type Instance } from '@replay/contracts';
import { errorCodeOf, errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { instanceKeys } from '../api';
import { diskApi, diskKeys } from './api';

/**
 * The last accepted cleanup and whether the workflow has still to run it.
 * While one waits (`pendingDays`), it is read again every second, like a
 * growing disk, so the section says when it is done; the preview and the
 * events are read again then.
 */
export function useLastCleanup(instanceId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: diskKeys.lastCleanup(instanceId),
    queryFn: ({ signal }) => diskApi.lastCleanup(instanceId, signal),
    refetchInterval: (q) => (q.state.data?.pendingDays != null ? TIMINGS_MS.storagePoll : false),
  });
  const pending = query.data?.pendingDays != null;
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending) {
      void queryClient.invalidateQueries({ queryKey: diskKeys.preview(instanceId) });
      void queryClient.invalidateQueries({ queryKey: instanceKeys.allEvents(instanceId) });
    }
    wasPending.current = pending;
  }, [pending, instanceId, queryClient]);
  return query;
}

/** What each cleanup age would free, counted by the agent: only a running instance can say. */
export function useCleanupPreview(instanceId: string, enabled: boolean) {
  return useQuery({
    queryKey: diskKeys.preview(instanceId),
    queryFn: ({ signal }) => diskApi.preview(instanceId, signal),
    enabled,
    // The agent's count, not a cache's: fresh each time the drawer opens.
    staleTime: 0,
    retry: false,
  });
}

/**
 * POST …/disk-upgrade: the answer (storageInProgress set) replaces the cached
 * instance, which starts the 1-s poll (useStoragePolling). A free account the
 * server still refuses (402 billing_required) is sent to billing setup with
 * the server's words; any other refusal shows 'Failed to increase disk size'
 * with the server's reason.
 */
export function useDiskUpgrade(instanceId: string, onStarted?: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (diskSize: number) => diskApi.upgrade(instanceId, diskSize),
    onSuccess: (instance) => {
      queryClient.setQueryData<Instance>(instanceKeys.detail(instanceId), instance);
      void queryClient.invalidateQueries({ queryKey: instanceKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: instanceKeys.allEvents(instanceId) });
      onStarted?.();
    },
    onError: (error) => {
      if (errorCodeOf(error) === 'billing_required') {
        notifyError(errorMessage(error, DISK_MESSAGES.billingRequired));
        void navigate(routes.billing());
        return;
      }
      const reason = errorMessage(error, '');
      if (reason) notifyError(reason, DISK_MESSAGES.increaseFailed);
      else notifyError(DISK_MESSAGES.increaseFailed);
    },
  });
}

/** POST …/cleanup: 'Disk cleanup request has been initiated', then the last cleanup is read again (it is pending until the workflow ran it). */
export function useCleanup(instanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: CleanupDays) => diskApi.cleanup(instanceId, days),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: (error) => notifyError(errorMessage(error, 'The cleanup could not be requested.')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: diskKeys.lastCleanup(instanceId) });
      void queryClient.invalidateQueries({ queryKey: instanceKeys.allEvents(instanceId) });
    },
  });
}

/**
 * Spec section 4: while the storage changes (`storageInProgress`) the
 * instance is read again every second. When it settles, the events are read
 * again, and a failure (the server's uiFailure, 'Failed to increase disk
 * size') is said in a toast; the details page also shows it with its reason.
 */
export function useStoragePolling(instance: Pick<Instance, 'instanceId' | 'storageInProgress' | 'uiFailure'> | undefined): void {
  const queryClient = useQueryClient();
  const id = instance?.instanceId;
  const busy = instance?.storageInProgress ?? false;
  const uiFailure = instance?.uiFailure ?? null;
  const wasBusy = useRef(busy);

  useEffect(() => {
    if (!id || !busy) return;
    // Only the instance itself (exact): its events, under the same key, are read once it settles.
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: instanceKeys.detail(id), exact: true }), TIMINGS_MS.storagePoll);
    return () => clearInterval(timer);
  }, [id, busy, queryClient]);

  useEffect(() => {
    if (id && wasBusy.current && !busy) {
      if (uiFailure === DISK_MESSAGES.increaseFailed) notifyError(DISK_MESSAGES.increaseFailed);
      void queryClient.invalidateQueries({ queryKey: instanceKeys.allEvents(id) });
      void queryClient.invalidateQueries({ queryKey: instanceKeys.lists() });
    }
    wasBusy.current = busy;
  }, [id, busy, uiFailure, queryClient]);
}
