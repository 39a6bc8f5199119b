import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authEndpoints } from '@replay/contracts';
import { call } from '../../lib/api';
import { startSession } from '../auth/session';

/** POST /auth/sso/start: the email's domain names the identity provider, where the browser goes next. */
export function useSsoStart() {
  return useMutation({
    mutationFn: (email: string) => call(authEndpoints.startSsoSignIn, { body: { email } }),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  });
}

/** POST /auth/sso/complete: the ticket the IdP's callback handed over becomes a session, as a password sign-in's. */
export function useSsoComplete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticket: string) => call(authEndpoints.completeSsoSignIn, { body: { ticket } }),
    onSuccess: (session) => startSession(queryClient, session),
  });
}
