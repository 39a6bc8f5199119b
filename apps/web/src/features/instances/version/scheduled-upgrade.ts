import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VERSION_MESSAGES, endpoints, type Instance } from '@replay/contracts';
import { call, errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-date';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { instanceKeys } from '../api';

/**
 * An upgrade that waits for the maintenance window: scheduling it
 * (POST …/version-upgrade with `when: 'maintenance'`) and cancelling it
 * (DELETE …/version-upgrade). Either answers the instance, which replaces the
 * cached one; the Events tab reads the member's record again.
 */

function useInstanceChange<T>(instanceId: string, run: (arg: T) => Promise<Instance>, done: (instance: Instance, arg: T) => string, failed: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (instance, arg) => {
      queryClient.setQueryData(instanceKeys.detail(instanceId), instance);
      void queryClient.invalidateQueries({ queryKey: instanceKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: instanceKeys.allEvents(instanceId) });
      notifySuccess(done(instance, arg));
      onDone?.();
    },
    onError: (error) => {
      const reason = errorMessage(error, '');
      if (reason) notifyError(reason, failed);
      else notifyError(failed);
    },
  });
}

/** 'Upgrade to 1.22 scheduled for Nov 30, 2026, 1:00 AM' (the window's opening in the reader's time zone), or the server's reason under 'Failed to schedule upgrade'. */
export const useScheduleUpgrade = (instanceId: string, onScheduled?: () => void) =>
  useInstanceChange(
    instanceId,
    (version: string) => call(endpoints.versionUpgrade, { params: { id: instanceId }, body: { version, when: 'maintenance' } }),
    (instance, version) => VERSION_MESSAGES.scheduled(version, instance.scheduledUpgrade ? formatDateTime(instance.scheduledUpgrade.at) : 'the next maintenance window'),
    VERSION_MESSAGES.scheduleFailed,
    onScheduled,
  );

export const useCancelScheduledUpgrade = (instanceId: string, onCancelled?: () => void) =>
  useInstanceChange(
    instanceId,
    () => call(endpoints.cancelScheduledUpgrade, { params: { id: instanceId } }),
    () => VERSION_MESSAGES.scheduleCancelled,
    VERSION_MESSAGES.cancelFailed,
    onCancelled,
  );
