import { accountLimits, INVITATION_LIFETIME_DAYS, MEMBER_MESSAGES, canOpenScreen, type EventActor, type TeamMember } from '@replay/contracts';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import type { Mailer } from '../../mail/mailer';
import { emitEvent } from '../../events/emit';
import { isUniqueViolation } from '../../lib/db-errors';
import type { SessionService } from '../auth/session.service';
import { revokeKeysCreatedBy } from '../api-keys/api-keys.service';
import { rightsOf, rightsWithin, type Rights } from '../roles/rights.door';
import { lockRole } from '../roles/roles.service';
import { invitationMail } from './invitation.mail';
import { invitationLink, issueInvitation, openSealed, type IssuedInvitation, type SealKey } from './invitation-token';
import { membersRepo, type MemberRow } from './members.repo';

export interface MemberCommand {
  name: string;
  email: string;
  admin: boolean;
  roleId: string;
}

export interface MembersDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sealKey: SealKey;
  publicUrl: string;
  productName: string;
  sessions: Pick<SessionService, 'revokeAllFor'>;
  /** Whether the account has billing details (billing's): its seat limit depends on it (ACCOUNT_LIMITS). */
  hasBillingDetails(tenantId: string): Promise<boolean>;
}

const NO_RIGHTS: Rights = { permissions: [], allInstances: false, instances: [] };
const rightsOfMember = (m: MemberRow): Rights => m.role ?? NO_RIGHTS;
const isAdmin = (p: Pick<Principal, 'admin' | 'superAdmin'>) => p.admin || p.superAdmin;
/** An owner: a joined member holding the protected Owner role, or the super admin. */
const isOwner = (m: MemberRow) => m.joinedAt !== null && (m.superAdmin || m.role?.protected === true);
const memberRef = (m: MemberRow) => ({ id: m.id, name: m.name, email: m.email });

/**
 * The one rule for acting on a member (edit, remove, renew their invitation,
 * see or copy their joining link): they hold no permission or instance the
 * actor lacks, and admin rights only below an admin.
 */
function mayActOn(actor: Principal, target: MemberRow): boolean {
  if ((target.admin || target.superAdmin) && !isAdmin(actor)) return false;
  return rightsWithin(rightsOfMember(target), rightsOf(actor));
}

/**
 * Who may read a pending member's joining link: a person (never an API key, issue 42: the
 * link would let a key mint a person, who then outlives the key) who may open the Team's
 * edit screen and act on the invited member. Every answer that carries a link asks this.
 */
function mayReadJoiningLink(viewer: Principal, target: MemberRow): boolean {
  return viewer.apiKey === null && canOpenScreen(viewer.permissions, 'membersEdit') && mayActOn(viewer, target);
}

/**
 * The one removal rule (a member's removal, SCIM's deprovisioning): the row soft-deleted, the
 * keys they created revoked and the event, in one transaction; then every session. The guard
 * reads the caller afresh on every request, so the next request of any of their credentials is
 * refused on every console process.
 */
async function removeMember(deps: Pick<MembersDeps, 'db' | 'clock' | 'sessions'>, target: MemberRow, actor: EventActor, inTx: (tx: Db) => Promise<void>): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await inTx(tx);
    await membersRepo(tx).softDelete(target.tenantId, target.id, now);
    await revokeKeysCreatedBy(tx, target.tenantId, target.id, now);
    await emitEvent(tx, { type: 'member.removed', tenantId: target.tenantId, actor, at: now.getTime(), member: memberRef(target) });
  });
  await deps.sessions.revokeAllFor(target.id);
}

/**
 * The Team rules. Beyond the route guard (EDIT_MEMBERS for every change):
 * nobody hands out a role or admin rights above their own, acts on a member
 * who holds more than they do, changes their own role or admin flag, removes
 * themselves or the super admin, or leaves the account without an owner.
 */
export function createMembersService(deps: MembersDeps) {
  const repo = membersRepo(deps.db);
  const actorOf = (p: Principal) => ({ userId: p.userId, name: p.name });

  function toTeamMember(m: MemberRow, viewer: Principal, now: Date): TeamMember {
    const joined = m.joinedAt !== null;
    const expired = !joined && (!m.invitationExpiresAt || m.invitationExpiresAt.getTime() <= now.getTime());
    // A joining link is the member's rights in transferable form: shown only to whoever may act on them.
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

  async function mustFind(p: Principal, userId: string): Promise<MemberRow> {
    const m = await repo.find(p.tenantId, userId);
    if (!m) throw notFound(MEMBER_MESSAGES.memberNotFound);
    return m;
  }

  /** The role to give: the account's, never the protected Owner role, and within the actor's rights. */
  async function assignableRole(db: Db, p: Principal, roleId: string) {
    // Locked until the change commits, so the role cannot be deleted under it.
    const role = await lockRole(db, p.tenantId, roleId);
    if (!role) throw notFound(MEMBER_MESSAGES.roleNotFound);
    if (role.protected) throw forbidden(MEMBER_MESSAGES.ownerRoleNotAssignable);
    if (!rightsWithin(role, rightsOf(p))) throw forbidden(MEMBER_MESSAGES.roleAboveActor);
    return role;
  }

  function assertActsOn(p: Principal, target: MemberRow): void {
    if (!mayActOn(p, target)) throw forbidden(MEMBER_MESSAGES.memberAboveActor);
  }

  async function assertOwnerRemains(db: Db, p: Principal, target: MemberRow): Promise<void> {
    if (isOwner(target) && (await membersRepo(db).countOwners(p.tenantId)) <= 1) throw conflict(MEMBER_MESSAGES.lastOwner);
  }

  /** Queued in the change's transaction: the mail goes only if the invitation is made. */
  async function mailInvitation(tx: Db, p: Principal, m: { name: string; email: string }, inv: IssuedInvitation): Promise<string> {
    const link = invitationLink(deps.publicUrl, inv.token);
    await deps.mailer.queue(
      tx,
      invitationMail({
        to: m.email,
        name: m.name,
        inviterName: p.name,
        tenantName: await membersRepo(tx).tenantName(p.tenantId),
        productName: deps.productName,
        link,
        validDays: INVITATION_LIFETIME_DAYS,
      }),
    );
    return link;
  }

  return {
    /** 404 for a member of another account (or none), 403 for one holding more than the actor: the rule every action on a member follows. */
    async assertMayActOn(p: Principal, userId: string): Promise<void> {
      assertActsOn(p, await mustFind(p, userId));
    },

    async list(p: Principal, q: { page: number; limit: number; query?: string }) {
      const { rows, total } = await repo.page(p.tenantId, q);
      const now = deps.clock.now();
      return { users: rows.map((m) => toTeamMember(m, p, now)), total };
    },

    async get(p: Principal, userId: string): Promise<TeamMember> {
      return toTeamMember(await mustFind(p, userId), p, deps.clock.now());
    },

    /** A pending member with a role and a mailed joining link; the mail is queued with the member and sent after the commit. */
    async invite(p: Principal, cmd: MemberCommand): Promise<TeamMember> {
      if (cmd.admin && !isAdmin(p)) throw forbidden(MEMBER_MESSAGES.adminGrant);
      const userId = newId();
      const now = deps.clock.now();
      const inv = issueInvitation(deps.sealKey, userId, now);
      const hasBillingDetails = await deps.hasBillingDetails(p.tenantId);
      try {
        await deps.db.transaction(async (tx) => {
          const role = await assignableRole(tx, p, cmd.roleId);
          const members = membersRepo(tx);
          const seats = accountLimits({ hasBillingDetails, seats: await members.lockAndCountSeats(p.tenantId), sites: 0 }).teamMember;
          if (seats.remaining === 0) throw conflict(MEMBER_MESSAGES.seatLimit(seats.limit));
          if (await members.emailInUse(cmd.email)) throw conflict(MEMBER_MESSAGES.emailTaken);
          await members.insert({
            id: userId,
            tenantId: p.tenantId,
            email: cmd.email,
            name: cmd.name,
            admin: cmd.admin,
            roleId: role.id,
            invitationTokenHash: inv.tokenHash,
            invitationTokenSealed: inv.sealed,
            invitationExpiresAt: inv.expiresAt,
            createdAt: now,
          });
          await emitEvent(tx, {
            type: 'member.invited',
            tenantId: p.tenantId,
            actor: actorOf(p),
            at: now.getTime(),
            member: { id: userId, name: cmd.name, email: cmd.email },
            role: { id: role.id, name: role.name },
            admin: cmd.admin,
          });
          await mailInvitation(tx, p, cmd, inv);
        });
      } catch (e) {
        // Two invites of one email at once: the unique index decides.
        if (isUniqueViolation(e)) throw conflict(MEMBER_MESSAGES.emailTaken);
        throw e;
      }
      return toTeamMember(await mustFind(p, userId), p, now);
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
      return toTeamMember(await mustFind(p, userId), p, now);
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
        return mailInvitation(tx, p, target, inv);
      });
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
