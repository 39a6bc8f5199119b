import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authEndpoints, type LoginInput, type SignupInput, type resetLinkSchema } from '@replay/contracts';
import { call } from '../../lib/api';
import { startSession } from './session';
import { onboardingFlag } from '../onboarding/onboarding-flag';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => call(authEndpoints.login, { body: input }),
    onSuccess: (session) => startSession(queryClient, session),
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

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => call(authEndpoints.resetPassword, { body: input }),
    onSuccess: (session) => startSession(queryClient, session),
  });
}

/** GET /logout clears the refresh cookie; a session that already ended is not an error. */
export async function logoutRequest(): Promise<void> {
  try {
    await call(authEndpoints.logout, {}, { auth: 'optional' });
  } catch {
    // The session ends on this side whatever the server answered.
  }
}
