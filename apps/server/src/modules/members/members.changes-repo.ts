import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenants, users } from '../../db/schema';

/** A live member of the account (a removed one is soft-deleted). */
export const inTenant = (tenantId: string) => and(eq(users.tenantId, tenantId), isNull(users.deletedAt));

/** The writes to a member's row, and the invitation link's lookups (membersRepo hands them out). */
export function memberChanges(db: Db) {
  return {
    async insert(row: typeof users.$inferInsert): Promise<void> {
      await db.insert(users).values(row);
    },

    async update(tenantId: string, userId: string, patch: Partial<Pick<typeof users.$inferInsert, 'name' | 'admin' | 'roleId'>>) {
      await db
        .update(users)
        .set(patch)
        .where(and(inTenant(tenantId), eq(users.id, userId)));
    },

    /** The member leaves; an outstanding invitation link dies with them. */
    async softDelete(tenantId: string, userId: string, at: Date): Promise<void> {
      await db
        .update(users)
        .set({ deletedAt: at, invitationTokenHash: null, invitationTokenSealed: null })
        .where(and(inTenant(tenantId), eq(users.id, userId)));
    },

    /** A new link replaces the old one, which stops working at once. */
    async setInvitation(tenantId: string, userId: string, inv: { tokenHash: string; sealed: string; expiresAt: Date }) {
      await db
        .update(users)
        .set({ invitationTokenHash: inv.tokenHash, invitationTokenSealed: inv.sealed, invitationExpiresAt: inv.expiresAt })
        .where(and(inTenant(tenantId), eq(users.id, userId), isNull(users.joinedAt)));
    },

    /**
     * Not tenant-scoped: the person opening an invitation link is not signed
     * in anywhere yet. The token (256 random bits, looked up by its hash) is
     * the proof, and it leads to exactly one pending member.
     */
    async findInvitation(tokenHash: string) {
      const [row] = await db
        .select({
          userId: users.id,
          tenantId: users.tenantId,
          email: users.email,
          name: users.name,
          tenantName: tenants.name,
          expiresAt: users.invitationExpiresAt,
        })
        .from(users)
        .innerJoin(tenants, eq(tenants.id, users.tenantId))
        .where(and(eq(users.invitationTokenHash, tokenHash), isNull(users.deletedAt), isNull(users.joinedAt)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Spends the invitation: the condition lets only one of two concurrent
     * uses through, and only before the link expires.
     */
    async acceptInvitation(tokenHash: string, now: Date, set: { name: string; passwordHash: string }) {
      const [row] = await db
        .update(users)
        .set({ ...set, joinedAt: now, emailVerifiedAt: now, invitationTokenHash: null, invitationTokenSealed: null, invitationExpiresAt: null })
        .where(and(eq(users.invitationTokenHash, tokenHash), isNull(users.deletedAt), isNull(users.joinedAt), gt(users.invitationExpiresAt, now)))
        .returning({ userId: users.id, tenantId: users.tenantId, email: users.email, name: users.name });
      return row ?? null;
    },
  };
}
