import { MEMBER_MESSAGES, canOpenScreen, type EventActor } from '@replay/contracts';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { emitEvent } from '../../events/emit';
import type { SessionService } from '../auth/session.service';
import { revokeKeysCreatedBy } from '../api-keys/api-keys.service';
import { rightsOf, rightsWithin, type Rights } from '../roles/rights.door';
import { lockRole } from '../roles/roles.service';
import { membersRepo, type MemberRow } from './members.repo';
import type { Clock } from '../../lib/time';

const NO_RIGHTS: Rights = { permissions: [], allInstances: false, instances: [] };
const rightsOfMember = (m: MemberRow): Rights => m.role ?? NO_RIGHTS;
export const isAdmin = (p: Pick<Principal, 'admin' | 'superAdmin'>) => p.admin || p.superAdmin;
/** An owner: a joined member holding the protected Owner role, or the super admin. */
export const isOwner = (m: MemberRow) => m.joinedAt !== null && (m.superAdmin || m.role?.protected === true);
export const memberRef = (m: Pick<MemberRow, 'id' | 'name' | 'email'>) => ({ id: m.id, name: m.name, email: m.email });
export const actorOf = (p: Principal): EventActor => ({ userId: p.userId, name: p.name });

/**
 * The one rule for acting on a member (edit, remove, renew their invitation,
 * see or copy their joining link): they hold no permission or instance the
 * actor lacks, and admin rights only below an admin.
 */
function mayActOn(actor: Principal, target: MemberRow): boolean {
  if ((target.admin || target.superAdmin) && !isAdmin(actor)) return false;
  return rightsWithin(rightsOfMember(target), rightsOf(actor));
}

export function assertActsOn(p: Principal, target: MemberRow): void {
  if (!mayActOn(p, target)) throw forbidden(MEMBER_MESSAGES.memberAboveActor);
}

/**
 * Who may read a pending member's joining link: a person (never an API key, issue 42: the
 * link would let a key mint a person, who then outlives the key) who may open the Team's
 * edit screen and act on the invited member. Every answer that carries a link asks this.
 */
export function mayReadJoiningLink(viewer: Principal, target: MemberRow): boolean {
  return viewer.apiKey === null && canOpenScreen(viewer.permissions, 'membersEdit') && mayActOn(viewer, target);
}

export async function assertOwnerRemains(db: Db, p: Principal, target: MemberRow): Promise<void> {
  if (isOwner(target) && (await membersRepo(db).countOwners(p.tenantId)) <= 1) throw conflict(MEMBER_MESSAGES.lastOwner);
}

/** The role to give: the account's, never the protected Owner role, and within the actor's rights. */
export async function assignableRole(db: Db, p: Principal, roleId: string) {
  // Locked until the change commits, so the role cannot be deleted under it.
  const role = await lockRole(db, p.tenantId, roleId);
  if (!role) throw notFound(MEMBER_MESSAGES.roleNotFound);
  if (role.protected) throw forbidden(MEMBER_MESSAGES.ownerRoleNotAssignable);
  if (!rightsWithin(role, rightsOf(p))) throw forbidden(MEMBER_MESSAGES.roleAboveActor);
  return role;
}

/**
 * The one removal rule (a member's removal, SCIM's deprovisioning): the row soft-deleted, the
 * keys they created revoked and the event, in one transaction; then every session. The guard
 * reads the caller afresh on every request, so the next request of any of their credentials is
 * refused on every console process.
 */
export async function removeMember(
  deps: { db: Db; clock: Clock; sessions: Pick<SessionService, 'revokeAllFor'> },
  target: MemberRow,
  actor: EventActor,
  inTx: (tx: Db) => Promise<void>,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await inTx(tx);
    await membersRepo(tx).softDelete(target.tenantId, target.id, now);
    await revokeKeysCreatedBy(tx, target.tenantId, target.id, now);
    await emitEvent(tx, { type: 'member.removed', tenantId: target.tenantId, actor, at: now.getTime(), member: memberRef(target) });
  });
  await deps.sessions.revokeAllFor(target.id);
}
