import { and, count, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, users } from '../../db/schema';

/** Reset tokens, stored only as hashes; the user row they point to carries the tenant. */
export function passwordResetRepo(db: Db) {
  return {
    async countSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(passwordResets)
        .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
      return row?.n ?? 0;
    },

    async insert(row: { id: string; userId: string; tokenHash: string; expiresAt: Date; createdAt: Date }): Promise<void> {
      await db.insert(passwordResets).values(row);
    },

    /** When the link of `tokenHash` stops working, while it still works (unused, unexpired, for a joined member); else null. */
    async usableUntil(tokenHash: string, now: Date): Promise<Date | null> {
      const [row] = await db
        .select({ expiresAt: passwordResets.expiresAt })
        .from(passwordResets)
        .innerJoin(users, eq(users.id, passwordResets.userId))
        .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now), isNull(users.deletedAt), isNotNull(users.joinedAt)))
        .limit(1);
      return row?.expiresAt ?? null;
    },

    /**
     * Spends the token and sets the password in one transaction. The
     * conditional update lets only one of two concurrent uses through; the
     * user's other outstanding links die with it.
     */
    async redeem(tokenHash: string, now: Date, passwordHash: string): Promise<{ userId: string; tenantId: string; name: string } | null> {
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
          .returning({ userId: passwordResets.userId });
        if (!claimed) return null;
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
        const [user] = await tx
          .update(users)
          // A password chosen now passes the strength rule: nothing left to change; the mailed link proved the address.
          .set({ passwordHash, passwordChangeRequired: false, emailVerifiedAt: now })
          .where(and(eq(users.id, claimed.userId), isNull(users.deletedAt), isNotNull(users.joinedAt)))
          .returning({ userId: users.id, tenantId: users.tenantId, name: users.name });
        return user ?? null;
      });
    },
  };
}
