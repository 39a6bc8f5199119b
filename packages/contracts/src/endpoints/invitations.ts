import { sessionSchema } from '../auth';
import { invitationAcceptSchema, invitationInfoSchema, invitationTokenParamsSchema } from '../members';
import { endpoint } from '../endpoint';

/**
 * Joining by invitation: public, like signing in, but a group of its own so that the
 * sign-in screens' code does not build the members' schemas it never uses.
 */
export const invitationEndpoints = {
  /** The joining page's calls (the spec names no paths for them). */
  invitation: endpoint({ method: 'GET', path: '/invitations/:token', guard: 'public', params: invitationTokenParamsSchema, response: invitationInfoSchema }),
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/invitations/accept',
    guard: 'public',
    body: invitationAcceptSchema,
    response: sessionSchema,
    audit: { label: 'Accept invitation' },
  }),
} as const;
