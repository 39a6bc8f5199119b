import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { authEndpoints, isMfaChallenge, type LoginAnswer, type LoginInput, type SignupInput, type resetLinkSchema } from '@replay/contracts';
import { call } from '../../lib/api';
import { startSession } from './session';
import { onboardingFlag } from '../onboarding/onboarding-flag';

/**
 * A sign-in that proved the password answers the session, or, for a member with a second
 * factor, the challenge the second step completes: the session starts only with a session.
 */
function startUnlessChallenged(queryClient: QueryClient, answer: LoginAnswer): void {
  if (!isMfaChallenge(answer)) startSession(queryClient, answer);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => call(authEndpoints.login, { body: input }),
    onSuccess: (answer) => startUnlessChallenged(queryClient, answer),
  });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignupInput) => call(authEndpoints.signup, { body: input }),
    onSuccess: (session) => {
      startSession(queryClient, session);
      onboardingFlag.set(true);
    },
  });
}

/** POST /password/reset-link: the server answers the same message whether or not the email is known. */
export function useResetLink() {
  return useMutation({
    mutationFn: (input: z.input<typeof resetLinkSchema>) => call(authEndpoints.resetLink, { body: input }),
  });
}

/**
 * GET /password/reset/{token}: whether the mailed link still works, read once as its page opens
 * (the invitation page's way): a used or expired link says so before a password is typed.
 * Never read again: once the link is spent by this page, its answer must not replace the page.
 */
export function useResetLinkState(token: string) {
  return useQuery({
    queryKey: ['reset-link', token],
    queryFn: ({ signal }) => call(authEndpoints.resetLinkState, { params: { token } }, { signal }),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => call(authEndpoints.resetPassword, { body: input }),
    onSuccess: (answer) => startUnlessChallenged(queryClient, answer),
  });
}

/**
 * GET /logout clears the refresh cookie; a session that already ended is not an error. Answers
 * where the browser goes next when the session came from single sign-on and its IdP takes
 * logouts (the IdP's logout, single logout), else null. Only a web address is followed.
 */
export async function logoutRequest(): Promise<string | null> {
  try {
    const { redirectUrl } = await call(authEndpoints.logout, {}, { auth: 'optional' });
    return redirectUrl && /^https?:\/\//i.test(redirectUrl) ? redirectUrl : null;
  } catch {
    // The session ends on this side whatever the server answered.
    return null;
  }
}
