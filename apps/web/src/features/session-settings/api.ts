import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SESSION_SETTINGS_MESSAGES, TIMINGS_MS, endpoints, type SessionSettingsBody } from '@replay/contracts';
import { call, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';

/** The account's session settings (GET and POST /session-settings). */
export const sessionSettingsKeys = { settings: ['session-settings'] as const };

/** Read again every second while a save waits for the instances to take it (`pending`). */
export function useSessionSettings() {
  return useQuery({
    queryKey: sessionSettingsKeys.settings,
    queryFn: ({ signal }) => call(endpoints.sessionSettings, {}, { signal }),
    refetchInterval: (q) => (q.state.data?.pending ? TIMINGS_MS.storagePoll : false),
  });
}

/** A toast either way, the server's reason with a failure. */
export function useSaveSessionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SessionSettingsBody) => call(endpoints.saveSessionSettings, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(sessionSettingsKeys.settings, saved);
      notifySuccess(SESSION_SETTINGS_MESSAGES.saved);
    },
    onError: (error) => {
      const reason = errorMessage(error, '');
      if (reason) notifyError(reason, SESSION_SETTINGS_MESSAGES.saveFailed);
      else notifyError(SESSION_SETTINGS_MESSAGES.saveFailed);
    },
  });
}
