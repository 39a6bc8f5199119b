import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SWITCH_MESSAGES, endpoints, type Instance, type InstanceSize } from '@replay/contracts';
import { call, errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { instanceKeys } from '../api';

/**
 * Switch Instance (spec section 7's instance-upgrade): the call, and the
 * toasts when the switch the workflow carries out settles.
 */

/** POST …/{id}/instance-upgrade; the answer (status upgrading, in progress) replaces the shown instance, which status polling then follows. */
export function useSwitchInstance(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (instanceType: InstanceSize) => call(endpoints.switchInstance, { params: { id }, body: { instanceType } }),
    onSuccess: (instance) => {
      queryClient.setQueryData(instanceKeys.detail(id), instance);
      void queryClient.invalidateQueries({ queryKey: instanceKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: instanceKeys.allEvents(id) });
    },
    onError: (error) => {
      const reason = errorMessage(error, '');
      if (reason) notifyError(reason, SWITCH_MESSAGES.failed);
      else notifyError(SWITCH_MESSAGES.failed);
    },
  });
}

/**
 * Once a switch this page saw under way (status upgrading) settles: the
 * spec's success words, or its failure words when the workflow gave up and
 * put the instance back at its old type.
 */
export function useSwitchOutcomeToast(instance: Pick<Instance, 'instanceId' | 'status' | 'uiFailure'> | undefined): void {
  const seen = useRef<{ id: string; upgrading: boolean } | null>(null);
  const id = instance?.instanceId;
  const status = instance?.status;
  const uiFailure = instance?.uiFailure;
  useEffect(() => {
    if (id === undefined) return;
    const upgrading = status === 'upgrading';
    const before = seen.current;
    seen.current = { id, upgrading };
    if (!before || before.id !== id || !before.upgrading || upgrading) return;
    // The reason stays on the page, in the failure alert above the cards.
    if (uiFailure === SWITCH_MESSAGES.failed) notifyError(SWITCH_MESSAGES.failed);
    else notifySuccess(SWITCH_MESSAGES.switched);
  }, [id, status, uiFailure]);
}
