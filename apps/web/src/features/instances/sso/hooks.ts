import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SSO_MESSAGES, TIMINGS_MS, type SsoBody, type SsoConfig } from '@replay/contracts';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { instanceKeys } from '../api';
import { useEventsWhenSettled } from '../details/settled';
import { ssoApi, ssoKeys } from './api';

/**
 * How long a Test sign-in started from the tab is waited for: the instance takes the IdP's
 * answer to a sign-in for 10 minutes (the agent's REQUEST_TTL_MS), so none passes after that.
 */
export const TEST_WAIT_MS = 10 * 60_000;

/**
 * The instance's SSO (the SSO card and tab). Read again every second while a save waits for
 * the workflow, every second while a Test sign-in started at `testStartedAt` has not passed
 * (it runs in another tab or window, and the console is told nothing: it asks the instance),
 * and whenever the window regains focus.
 */
export function useSso(instanceId: string, enabled = true, testStartedAt: number | null = null) {
  const query = useQuery({
    queryKey: ssoKeys.sso(instanceId),
    queryFn: ({ signal }) => ssoApi.read(instanceId, signal),
    enabled,
    refetchOnWindowFocus: 'always',
    refetchInterval: (q) => {
      const waitingForTest = testStartedAt !== null && Date.now() - testStartedAt < TEST_WAIT_MS && q.state.data?.test.passedForSaved === false;
      return q.state.data?.pending || waitingForTest ? TIMINGS_MS.storagePoll : false;
    },
  });
  useEventsWhenSettled(instanceId, query.data?.pending === true);
  return query;
}

function useSsoChange<T>(instanceId: string, run: (arg: T) => Promise<SsoConfig>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (sso) => {
      queryClient.setQueryData(ssoKeys.sso(instanceId), sso);
      void queryClient.invalidateQueries({ queryKey: instanceKeys.allEvents(instanceId) });
      notifySuccess(done);
    },
    onError: (error) => {
      const reason = errorMessage(error, '');
      if (reason) notifyError(reason, SSO_MESSAGES.saveFailed);
      else notifyError(SSO_MESSAGES.saveFailed);
    },
  });
}

/** POST …/config-sso: the spec's toasts, the server's reason with a failure. */
export const useSaveSso = (instanceId: string) => useSsoChange(instanceId, (body: SsoBody) => ssoApi.save(instanceId, body), SSO_MESSAGES.saved);

/** DELETE …/config-sso, after a confirmation. */
export const useRemoveSso = (instanceId: string) => useSsoChange(instanceId, () => ssoApi.remove(instanceId), SSO_MESSAGES.removed);
