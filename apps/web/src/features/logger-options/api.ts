import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOGGER_OPTIONS_MESSAGES, TIMINGS_MS, endpoints, type LoggerOptionsBody } from '@replay/contracts';
import { call, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';

/** The account's logger options (GET and POST /client/logger-options). */
export const loggerOptionsKeys = { options: ['logger-options'] as const };

/** Read again every second while a save waits for the instances to take it (`pending`). */
export function useLoggerOptions() {
  return useQuery({
    queryKey: loggerOptionsKeys.options,
    queryFn: ({ signal }) => call(endpoints.loggerOptions, {}, { signal }),
    refetchInterval: (q) => (q.state.data?.pending ? TIMINGS_MS.storagePoll : false),
  });
}

/** A toast either way, the server's reason with a failure. */
export function useSaveLoggerOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoggerOptionsBody) => call(endpoints.saveLoggerOptions, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(loggerOptionsKeys.options, saved);
      notifySuccess(LOGGER_OPTIONS_MESSAGES.saved);
    },
    onError: (error) => {
      const reason = errorMessage(error, '');
      if (reason) notifyError(reason, LOGGER_OPTIONS_MESSAGES.saveFailed);
      else notifyError(LOGGER_OPTIONS_MESSAGES.saveFailed);
    },
  });
}
