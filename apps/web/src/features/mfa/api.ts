import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mfaEndpoints } from '@replay/contracts';
import { call, createQueryKeys } from '../../lib/api';
import { startSession } from '../auth/session';
import { withFreshProof } from './fresh-proof';

export const mfaKeys = createQueryKeys('mfa');
const statusKey = mfaKeys.detail('status');

/** GET /account/mfa: whether the caller's authenticator is on, and how many recovery codes are left. */
export function useMfaStatus() {
  return useQuery({ queryKey: statusKey, queryFn: () => call(mfaEndpoints.mfaStatus, {}) });
}

/** POST /account/mfa/totp: a new secret to scan; the only time it is shown. */
export function useStartTotp() {
  return useMutation({ mutationFn: () => withFreshProof(() => call(mfaEndpoints.startTotp, {})) });
}

/** POST /account/mfa/totp/verify: the first code turns it on and answers the recovery codes. */
export function useVerifyTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(mfaEndpoints.verifyTotp, { body: { code } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

export function useRemoveTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withFreshProof(() => call(mfaEndpoints.removeTotp, {})),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

/** POST /login/mfa: the second step of a sign-in; its answer starts the session as a login's does. */
export function useLoginMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { mfaToken: string; code: string }) => call(mfaEndpoints.loginMfa, { body }),
    onSuccess: (session) => startSession(queryClient, session),
  });
}

/** DELETE /client/members/{id}/mfa: a member's lost second factor, reset by someone who may act on them (after a fresh proof). */
export function useResetMemberMfa() {
  return useMutation({ mutationFn: (userId: string) => withFreshProof(() => call(mfaEndpoints.resetMemberMfa, { params: { id: userId } })) });
}
