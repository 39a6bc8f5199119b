import { INVITATION_LIFETIME_DAYS, MEMBER_MESSAGES } from '@replay/contracts';
import type { Db } from '../../db/client';
import { conflict, forbidden } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import { emitEvent } from '../../events/emit';
import { isUniqueViolation } from '../../lib/db-errors';
import { invitationMail } from './invitation.mail';
import { invitationLink, issueInvitation, type IssuedInvitation } from './invitation-token';
import { accountNameOf } from '../account/account.facts';
import { membersRepo } from './members.repo';
import { actorOf, assignableRole, isAdmin } from './members.rules';
import { assertSeatFree } from './seats.door';
import type { MemberCommand, MembersDeps } from './members.deps';

/** Queued in the change's transaction: the mail goes only if the invitation is made. */
export async function mailInvitation(deps: MembersDeps, tx: Db, p: Principal, m: { name: string; email: string }, inv: IssuedInvitation): Promise<string> {
  const link = invitationLink(deps.publicUrl, inv.token);
  await deps.mailer.queue(
    tx,
    invitationMail({
      to: m.email,
      name: m.name,
      inviterName: p.name,
      tenantName: await accountNameOf(tx, p.tenantId),
      productName: deps.productName,
      link,
      validDays: INVITATION_LIFETIME_DAYS,
    }),
  );
  return link;
}

/**
 * A pending member with a role and a mailed joining link, within the account's seats; the
 * mail is queued with the member and sent after the commit. Answers the new member's id.
 */
export async function inviteMember(deps: MembersDeps, p: Principal, cmd: MemberCommand): Promise<string> {
  if (cmd.admin && !isAdmin(p)) throw forbidden(MEMBER_MESSAGES.adminGrant);
  const userId = newId();
  const now = deps.clock.now();
  const inv = issueInvitation(deps.sealKey, userId, now);
  const hasBillingDetails = await deps.hasBillingDetails(p.tenantId);
  try {
    await deps.db.transaction(async (tx) => {
      const role = await assignableRole(tx, p, cmd.roleId);
      const members = membersRepo(tx);
      await assertSeatFree(tx, p.tenantId, hasBillingDetails);
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
      const invited = { id: userId, name: cmd.name, email: cmd.email };
      await emitEvent(tx, { type: 'member.invited', tenantId: p.tenantId, actor: actorOf(p), at: now.getTime(), member: invited, role: { id: role.id, name: role.name }, admin: cmd.admin });
      await mailInvitation(deps, tx, p, cmd, inv);
    });
  } catch (e) {
    // Two invites of one email at once: the unique index decides.
    if (isUniqueViolation(e)) throw conflict(MEMBER_MESSAGES.emailTaken);
    throw e;
  }
  return userId;
}
