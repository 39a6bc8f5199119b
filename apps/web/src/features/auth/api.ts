import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  logoutResultSchema,
  resetLinkResultSchema,
  resetLinkSchema,
  sessionSchema,
  type LoginInput,
  type SignupInput,
} from '@replay/contracts';
import { api } from '../../lib/api';
import { startSession } from './session';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post('/login', input, sessionSchema, { auth: 'none' }),
    onSuccess: (session) => startSession(queryClient, session),
  });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignupInput) => api.post('/signup', input, sessionSchema, { auth: 'none' }),
    onSuccess: (session) => startSession(queryClient, session),
  });
}

/** POST /password/reset-link: the server answers the same message whether or not the email is known. */
export function useResetLink() {
  return useMutation({
    mutationFn: (input: z.input<typeof resetLinkSchema>) =>
      api.post('/password/reset-link', input, resetLinkResultSchema, { auth: 'none' }),
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api.post('/password/reset', input, sessionSchema, { auth: 'none' }),
    onSuccess: (session) => startSession(queryClient, session),
  });
}

/** GET /logout clears the refresh cookie; a session that already ended is not an error. */
export async function logoutRequest(): Promise<void> {
  try {
    await api.get('/logout', logoutResultSchema, { auth: 'optional' });
  } catch {
    // The session ends on this side whatever the server answered.
  }
}
