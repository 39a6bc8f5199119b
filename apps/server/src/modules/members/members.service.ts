import { MEMBER_MESSAGES, type TeamMember } from '@replay/contracts';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { emitEvent } from '../../events/emit';
import { issueInvitation } from './invitation-token';
import type { MemberCommand, MembersDeps } from './members.deps';
import { inviteMember, mailInvitation } from './members.invite';
import { membersRepo, type MemberRow } from './members.repo';
import { actorOf, assertActsOn, assertOwnerRemains, assignableRole, isAdmin, isOwner, memberRef, removeMember } from './members.rules';
import { toTeamMember } from './members.view';

export type { MemberCommand, MembersDeps } from './members.deps';

/**
 * The Team rules. Beyond the route guard (EDIT_MEMBERS for every change):
 * nobody hands out a role or admin rights above their own, acts on a member
 * who holds more than they do, changes their own role or admin flag, removes
 * themselves or the super admin, or leaves the account without an owner.
 * The rules themselves are in members.rules.ts.
 */
export function createMembersService(deps: MembersDeps) {
  const repo = membersRepo(deps.db);

  async function mustFind(p: Principal, userId: string): Promise<MemberRow> {
    const m = await repo.find(p.tenantId, userId);
    if (!m) throw notFound(MEMBER_MESSAGES.memberNotFound);
    return m;
  }

  return {
    /** 404 for a member of another account (or none), 403 for one holding more than the actor: the rule every action on a member follows. */
    async assertMayActOn(p: Principal, userId: string): Promise<void> {
      assertActsOn(p, await mustFind(p, userId));
    },

    async list(p: Principal, q: { page: number; limit: number; query?: string }) {
      const { rows, total } = await repo.page(p.tenantId, q);
      const now = deps.clock.now();
      return { users: rows.map((m) => toTeamMember(deps, m, p, now)), total };
    },

    async get(p: Principal, userId: string): Promise<TeamMember> {
      return toTeamMember(deps, await mustFind(p, userId), p, deps.clock.now());
    },

    /** A pending member with a role and a mailed joining link; the mail is queued with the member and sent after the commit. */
    async invite(p: Principal, cmd: MemberCommand): Promise<TeamMember> {
      const userId = await inviteMember(deps, p, cmd);
      return toTeamMember(deps, await mustFind(p, userId), p, deps.clock.now());
    },

    async update(p: Principal, userId: string, cmd: MemberCommand): Promise<TeamMember> {
      const target = await mustFind(p, userId);
      if (cmd.email.toLowerCase() !== target.email.toLowerCase()) throw badRequest(MEMBER_MESSAGES.emailReadOnly);
      const roleChanged = cmd.roleId !== target.role?.id;
      const adminChanged = cmd.admin !== target.admin;
      if (target.id === p.userId && (roleChanged || adminChanged)) throw forbidden(MEMBER_MESSAGES.ownRights);
      if (target.id !== p.userId) assertActsOn(p, target);
      if (target.superAdmin && (roleChanged || adminChanged)) throw forbidden(MEMBER_MESSAGES.superAdminRole);
      if (adminChanged && !isAdmin(p)) throw forbidden(MEMBER_MESSAGES.adminGrant);
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        let newRole: { id: string; name: string } | null = null;
        if (roleChanged) {
          newRole = await assignableRole(tx, p, cmd.roleId);
          await assertOwnerRemains(tx, p, target);
        }
        await membersRepo(tx).update(p.tenantId, userId, { name: cmd.name, admin: cmd.admin, roleId: cmd.roleId });
        await emitEvent(tx, {
          type: 'member.updated',
          tenantId: p.tenantId,
          actor: actorOf(p),
          at: now.getTime(),
          member: { id: userId, name: cmd.name, email: target.email },
          role: newRole && { id: newRole.id, name: newRole.name },
          admin: cmd.admin,
        });
      });
      return toTeamMember(deps, await mustFind(p, userId), p, now);
    },

    /** The member's rights end with their very next request (the guard re-reads them); their sessions and API keys are revoked too. */
    async remove(p: Principal, userId: string): Promise<void> {
      const target = await mustFind(p, userId);
      if (target.id === p.userId) throw forbidden(MEMBER_MESSAGES.removeSelf);
      if (target.superAdmin) throw forbidden(MEMBER_MESSAGES.superAdminRemove);
      assertActsOn(p, target);
      await removeMember(deps, target, actorOf(p), (tx) => assertOwnerRemains(tx, p, target));
    },

    /**
     * The same removal, by the account's identity provider (SCIM's deactivation or delete,
     * modules/scim): no person acts, so the event has no actor and the trail names the SCIM
     * token. An owner and the super admin are never removed this way (403): the account's
     * owners stay in the owners' hands. `inTx` runs in the removal's transaction (SCIM marks
     * the row inactive there). A member of another account is 404.
     */
    async deprovision(tenantId: string, userId: string, inTx: (tx: Db) => Promise<void>): Promise<void> {
      const target = await repo.find(tenantId, userId);
      if (!target) throw notFound(MEMBER_MESSAGES.memberNotFound);
      if (target.superAdmin || isOwner(target) || target.role?.protected) throw forbidden(MEMBER_MESSAGES.deprovisionOwner);
      await removeMember(deps, target, null, inTx);
    },

    /** A new link for someone who has not joined: the old one dies, the expiry restarts, the mail goes again. */
    async renewInvitation(p: Principal, userId: string): Promise<string> {
      const target = await mustFind(p, userId);
      if (target.joinedAt) throw conflict(MEMBER_MESSAGES.alreadyJoined);
      assertActsOn(p, target);
      const now = deps.clock.now();
      const inv = issueInvitation(deps.sealKey, userId, now);
      return deps.db.transaction(async (tx) => {
        await membersRepo(tx).setInvitation(p.tenantId, userId, inv);
        await emitEvent(tx, { type: 'member.invitation_renewed', tenantId: p.tenantId, actor: actorOf(p), at: now.getTime(), member: memberRef(target) });
        return mailInvitation(deps, tx, p, target, inv);
      });
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
