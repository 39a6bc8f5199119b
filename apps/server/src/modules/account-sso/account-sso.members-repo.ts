import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { hasBillingAccount } from '../billing/billing.facts';
import { noSeatLeft } from '../members/seats.door';

export type JitOutcome = { userId: string; created: boolean } | { refused: 'other-account' | 'no-seat' };

/**
 * The member an IdP-proven email names: the account's member with that email (an invited one
 * joins now), or a new member with the role the groups gave (just-in-time). An email that is
 * another account's member is refused: one email is one person of one account.
 */
export async function findOrCreateMember(db: Db, m: { tenantId: string; email: string; name: string; roleId: string; now: Date }): Promise<JitOutcome> {
  const [found] = await db
    .select({ id: users.id, tenantId: users.tenantId, joinedAt: users.joinedAt })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${m.email.toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);
  if (found && found.tenantId !== m.tenantId) return { refused: 'other-account' };
  if (found) {
    if (!found.joinedAt)
      await db.update(users).set({ joinedAt: m.now, emailVerifiedAt: m.now, invitationTokenHash: null, invitationTokenSealed: null, invitationExpiresAt: null }).where(eq(users.id, found.id));
    return { userId: found.id, created: false };
  }
  const userId = newId();
  // A seat, as an invitation takes one (members' seats.door): no member past the account's limit.
  const created = await db.transaction(async (tx) => {
    if (await noSeatLeft(tx, m.tenantId, await hasBillingAccount(tx, m.tenantId))) return false;
    await tx.insert(users).values({ id: userId, tenantId: m.tenantId, email: m.email, name: m.name, roleId: m.roleId, joinedAt: m.now, emailVerifiedAt: m.now, createdAt: m.now });
    return true;
  });
  return created ? { userId, created: true } : { refused: 'no-seat' };
}
