import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { VERSION_MESSAGES, endpoints, type Instance, type ProductVersion } from '@replay/contracts';
import { call, errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { instanceKeys } from '../api';

/** The versions on offer (GET /managed-saas/versions) and the upgrade to one (POST …/version-upgrade). */

export const versionKeys = { all: ['versions'] as const };

/** Versions change with a console release, not while a page is open: read once, kept for the session. */
export function useVersions(enabled: boolean) {
  return useQuery({
    queryKey: versionKeys.all,
    queryFn: ({ signal }) => call(endpoints.versions, {}, { signal }),
    select: (answer): ProductVersion[] => answer.versions,
    enabled,
    staleTime: Infinity,
  });
}

/**
 * Starts the upgrade; the answer (status version-upgrading) replaces the
 * cached instance, whose status the details screen then polls every 10 s.
 * 'Upgrade started successfully', or 'Failed to start upgrade' with the
 * server's reason under it.
 */
export function useUpgradeVersion(instanceId: string, onStarted?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: string) => call(endpoints.versionUpgrade, { params: { id: instanceId }, body: { version } }),
    onSuccess: (instance: Instance) => {
      queryClient.setQueryData(instanceKeys.detail(instanceId), instance);
      void queryClient.invalidateQueries({ queryKey: instanceKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: instanceKeys.allEvents(instanceId) });
      notifySuccess(VERSION_MESSAGES.started);
      onStarted?.();
    },
    onError: (error) => {
      const reason = errorMessage(error, '');
      if (reason) notifyError(reason, VERSION_MESSAGES.startFailed);
      else notifyError(VERSION_MESSAGES.startFailed);
    },
  });
}
