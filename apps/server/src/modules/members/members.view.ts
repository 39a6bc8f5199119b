import type { TeamMember } from '@replay/contracts';
import type { Principal } from '../../lib/principal';
import { invitationLink, openSealed, type SealKey } from './invitation-token';
import type { MemberRow } from './members.repo';
import { mayReadJoiningLink } from './members.rules';

/** A member as the Team screen shows them to this viewer: the joining link only to whoever may act on them. */
export function toTeamMember(deps: { sealKey: SealKey; publicUrl: string }, m: MemberRow, viewer: Principal, now: Date): TeamMember {
  const joined = m.joinedAt !== null;
  const expired = !joined && (!m.invitationExpiresAt || m.invitationExpiresAt.getTime() <= now.getTime());
  // A joining link is the member's rights in transferable form.
  const showLink = !joined && !expired && m.invitationTokenSealed && mayReadJoiningLink(viewer, m);
  const token = showLink ? openSealed(deps.sealKey, m.invitationTokenSealed!, m.id) : null;
  return {
    userId: m.id,
    name: m.name,
    email: m.email,
    avatar: m.avatar,
    createdAt: m.createdAt.getTime(),
    admin: m.admin,
    superAdmin: m.superAdmin,
    joined,
    expiredInvitation: expired,
    roleId: m.role?.id ?? null,
    roleName: m.role?.name ?? null,
    invitationLink: token ? invitationLink(deps.publicUrl, token) : null,
    provisioned: m.scimState !== null,
  };
}
