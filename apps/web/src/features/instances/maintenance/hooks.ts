import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAINTENANCE_MESSAGES } from '@replay/contracts';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { instanceKeys } from '../api';
import { maintenanceApi, maintenanceKeys } from './api';

/** The instance's maintenance window and its next opening (the Upcoming Maintenance card and the tab). */
export function useMaintenanceWindow(instanceId: string, enabled = true) {
  return useQuery({ queryKey: maintenanceKeys.window(instanceId), queryFn: ({ signal }) => maintenanceApi.read(instanceId, signal), enabled });
}

/** POST …/maintenance-window: a toast either way, the server's reason with a failure. */
export function useSaveMaintenanceWindow(instanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cron: string) => maintenanceApi.save(instanceId, cron),
    onSuccess: (window) => {
      queryClient.setQueryData(maintenanceKeys.window(instanceId), window);
      // The instance too (its events under it): an upgrade waiting for the window moved with it.
      void queryClient.invalidateQueries({ queryKey: instanceKeys.detail(instanceId) });
      notifySuccess(MAINTENANCE_MESSAGES.saved);
    },
    onError: (error) => {
      const reason = errorMessage(error, '');
      if (reason) notifyError(reason, MAINTENANCE_MESSAGES.saveFailed);
      else notifyError(MAINTENANCE_MESSAGES.saveFailed);
    },
  });
}
