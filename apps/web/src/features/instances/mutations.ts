import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { INSTANCE_MESSAGES, type CreateInstanceInput, type Instance, type InstanceAction, type UpdateInstanceInput } from '@replay/contracts';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { accountKeys } from '../account/api';
import { instanceKeys, instancesApi } from './api';
import { applyAction } from './rules';
import { siteKeys } from '../projects/api';

type InstanceList = { instances: Instance[]; total: number };
type Snapshot = { detail: Instance | undefined; lists: [readonly unknown[], InstanceList | undefined][] };

/** Applies `change` to the instance wherever the cache holds it (its details and every list page). */
function patchCached(queryClient: QueryClient, id: string, change: (i: Instance) => Instance): void {
  queryClient.setQueryData<Instance>(instanceKeys.detail(id), (i) => (i ? change(i) : i));
  queryClient.setQueriesData<InstanceList>({ queryKey: instanceKeys.lists() }, (list) => (list ? { ...list, instances: list.instances.map((i) => (i.instanceId === id ? change(i) : i)) } : list));
}

function snapshot(queryClient: QueryClient, id: string): Snapshot {
  return {
    detail: queryClient.getQueryData<Instance>(instanceKeys.detail(id)),
    lists: queryClient.getQueriesData<InstanceList>({ queryKey: instanceKeys.lists() }),
  };
}

function restore(queryClient: QueryClient, id: string, s: Snapshot): void {
  if (s.detail) queryClient.setQueryData(instanceKeys.detail(id), s.detail);
  for (const [key, data] of s.lists) queryClient.setQueryData(key, data);
}

export interface ActionVariables {
  action: InstanceAction;
  /** What was typed in the terminate dialog; the server checks it again. */
  confirm?: string;
}

/**
 * Start, stop, terminate (spec section 4): the new status shows at once
 * (stopping, starting, terminating); on failure the previous one comes back
 * and 'Couldn't {action} instance' shows, with the server's reason under it.
 */
export function useInstanceAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, confirm }: ActionVariables) => instancesApi.act(id, confirm === undefined ? { action } : { action, confirm }),
    onMutate: async ({ action }): Promise<Snapshot> => {
      // A read in flight must not overwrite the optimistic status with the old one.
      await queryClient.cancelQueries({ queryKey: instanceKeys.detail(id), exact: true });
      await queryClient.cancelQueries({ queryKey: instanceKeys.lists() });
      const before = snapshot(queryClient, id);
      patchCached(queryClient, id, (i) => applyAction(i, action));
      return before;
    },
    onError: (error, { action }, before) => {
      if (before) restore(queryClient, id, before);
      const reason = errorMessage(error, '');
      if (reason) notifyError(reason, INSTANCE_MESSAGES.actionFailed(action));
      else notifyError(INSTANCE_MESSAGES.actionFailed(action));
    },
    onSuccess: (instance) => patchCached(queryClient, id, () => instance),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: instanceKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: instanceKeys.allEvents(id) });
    },
  });
}

/** Rename and termination protection (PUT …/{id}). */
export function useUpdateInstance(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateInstanceInput) => instancesApi.update(id, body),
    onSuccess: (instance) => {
      patchCached(queryClient, id, () => instance);
      void queryClient.invalidateQueries({ queryKey: instanceKeys.allEvents(id) });
      notifySuccess(INSTANCE_MESSAGES.updated);
    },
    onError: () => notifyError(INSTANCE_MESSAGES.updateFailed),
  });
}

/** POST /managed-saas/instances with the form session's Idempotency-Key. */
export function useCreateInstance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: CreateInstanceInput; key: string }) => instancesApi.create(input, key),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: instanceKeys.lists() });
      // The instance count feeds the billing gate and 'Free Trial Eligible'.
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      // It came with its default project: the session's site list is read again.
      void queryClient.invalidateQueries({ queryKey: siteKeys.all });
    },
  });
}
