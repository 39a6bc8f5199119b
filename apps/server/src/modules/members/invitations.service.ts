import { AUTH_MESSAGES, MEMBER_MESSAGES, type InvitationInfo } from '@replay/contracts';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { hashToken } from '../../lib/ids';
import { loadPrincipal, type Principal } from '../../lib/principal';
import { RATE_RULES, rateKeys, rateLimiter } from '../../lib/rate-limit';
import { emitEvent } from '../../events/emit';
import { hashPassword } from '../../lib/password-hash';
import { membersRepo } from './members.repo';
import type { Clock } from '../../lib/time';

/** The invited person's side: see what the link is for, then join with a name and a password. */
export function createInvitationsService(deps: { db: Db; clock: Clock }) {
  const repo = membersRepo(deps.db);
  const limits = rateLimiter(deps);

  return {
    async lookup(token: string): Promise<InvitationInfo> {
      const found = await repo.findInvitation(hashToken(token));
      if (!found) throw notFound(MEMBER_MESSAGES.invitationInvalid);
      const expired = !found.expiresAt || found.expiresAt.getTime() <= deps.clock.now().getTime();
      return { email: found.email, name: found.name, tenantName: found.tenantName, expired };
    },

    /**
     * Joins the account the link was made for, as the email it was sent to
     * (the body carries no email). The link works once: spending it and
     * joining are one conditional update.
     */
    async accept(input: { token: string; name: string; password: string }, clientIp: string): Promise<Principal> {
      await limits.hit([{ key: rateKeys.linkUseFromAddress(clientIp), rule: RATE_RULES.linkUseFromAddress }], AUTH_MESSAGES.tooManyRequests);
      const tokenHash = hashToken(input.token);
      const passwordHash = await hashPassword(input.password);
      const now = deps.clock.now();
      const joined = await deps.db.transaction(async (tx) => {
        const row = await membersRepo(tx).acceptInvitation(tokenHash, now, { name: input.name, passwordHash });
        if (!row) return null;
        await emitEvent(tx, {
          type: 'member.joined',
          tenantId: row.tenantId,
          actor: { userId: row.userId, name: row.name },
          at: now.getTime(),
          member: { id: row.userId, name: row.name, email: row.email },
        });
        return row;
      });
      if (!joined) {
        // Say why when the link is real but late, so the person knows to ask for a new one.
        const pending = await repo.findInvitation(tokenHash);
        throw badRequest(pending ? MEMBER_MESSAGES.invitationExpired : MEMBER_MESSAGES.invitationInvalid);
      }
      const principal = await loadPrincipal(deps.db, joined.userId, joined.tenantId);
      if (!principal) throw badRequest(MEMBER_MESSAGES.invitationInvalid);
      return principal;
    },
  };
}
