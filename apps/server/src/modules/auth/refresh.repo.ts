import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens, users } from '../../db/schema';

export interface StoredRefreshToken {
  id: string;
  userId: string;
  tenantId: string;
  familyId: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  /** Any token of the chain revoked means the whole chain is dead, even rows added after the revoke. */
  familyRevoked: boolean;
}

/** Refresh tokens, found only by the hash of the secret the browser holds. */
export function refreshRepo(db: Db) {
  return {
    async findByHash(tokenHash: string): Promise<StoredRefreshToken | null> {
      const [row] = await db
        .select({
          id: refreshTokens.id,
          userId: refreshTokens.userId,
          tenantId: users.tenantId,
          familyId: refreshTokens.familyId,
          expiresAt: refreshTokens.expiresAt,
          usedAt: refreshTokens.usedAt,
          revokedAt: refreshTokens.revokedAt,
          familyRevoked: sql<boolean>`exists (select 1 from ${refreshTokens} r where r.family_id = ${refreshTokens.familyId} and r.revoked_at is not null)`,
        })
        .from(refreshTokens)
        .innerJoin(users, eq(users.id, refreshTokens.userId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },

    async insert(row: { id: string; userId: string; familyId: string; tokenHash: string; expiresAt: Date; createdAt: Date }) {
      await db.insert(refreshTokens).values(row);
    },

    /**
     * Claims a token for one rotation. The condition makes the claim atomic:
     * of two requests presenting the same token at once, only one gets a row back.
     */
    async claim(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },

    async revokeFamily(familyId: string, now: Date): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    /** Every chain of the user, except the one still in use when keepFamilyId is given. */
    async revokeUserFamilies(userId: string, now: Date, keepFamilyId?: string): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(
          and(
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
            keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
          ),
        );
    },
  };
}

export type RefreshRepo = ReturnType<typeof refreshRepo>;
