import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TIMINGS_MS } from '@replay/contracts';
import { errorMessage } from './api';
import { notifyError, notifySuccess } from './notify';

/** An account-wide setting as the server answers it: `pending` while a running instance has still to take the last save. */
interface PendingAnswer {
  pending: boolean;
}

export interface AccountSettingCalls<A extends PendingAnswer, B> {
  /** The query's key: one setting, one cache entry. */
  key: string;
  read(signal: AbortSignal): Promise<A>;
  save(body: B): Promise<A>;
  /** The toasts of a save. */
  messages: { saved: string; saveFailed: string };
}

/**
 * The hook pair of an account-wide setting (the session settings, the logger options): read
 * it, and save it whole. Both answer the setting as saved, so a save replaces the cached one.
 */
export function accountSettingHooks<A extends PendingAnswer, B>(setting: AccountSettingCalls<A, B>) {
  const queryKey = [setting.key] as const;
  return {
    /** Read again every second while a save waits for the instances to take it (`pending`). */
    useSetting() {
      return useQuery({
        queryKey,
        queryFn: ({ signal }) => setting.read(signal),
        refetchInterval: (q) => (q.state.data?.pending ? TIMINGS_MS.storagePoll : false),
      });
    },

    /** A toast either way, the server's reason with a failure. */
    useSave() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (body: B) => setting.save(body),
        onSuccess: (saved) => {
          queryClient.setQueryData(queryKey, saved);
          notifySuccess(setting.messages.saved);
        },
        onError: (error) => {
          const reason = errorMessage(error, '');
          if (reason) notifyError(reason, setting.messages.saveFailed);
          else notifyError(setting.messages.saveFailed);
        },
      });
    },
  };
}
