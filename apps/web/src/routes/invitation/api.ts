import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invitationEndpoints, visibleMenu, routes, type InvitationAccept } from '@replay/contracts';
import { startSession } from '../../features/auth/session';
import { call } from '../../lib/api';

/** GET /invitations/{token}: who was invited, to which organization, and whether the link is still good. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => call(invitationEndpoints.invitation, { params: { token } }, { signal }),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /invitations/accept: joins and answers a session, like login. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvitationAccept) => call(invitationEndpoints.acceptInvitation, { body: input }),
    onSuccess: (session) => startSession(queryClient, session),
  });
}

/** The first screen of the menu the new member may open (Instances for VIEW_INSTANCES…), else their account. */
export function firstScreenFor(permissions: readonly string[]): string {
  return visibleMenu(permissions).find((entry) => entry.path !== null)?.path ?? routes.account();
}
