import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens, sessions, users } from '../../db/schema';

export interface StoredRefreshToken {
  id: string;
  userId: string;
  tenantId: string;
  familyId: string;
  expiresAt: Date;
  usedAt: Date | null;
  /** The session the token belongs to was revoked: the whole chain is dead, rows added later included. */
  sessionRevoked: boolean;
}

/** Sessions and their refresh tokens; tokens are found only by the hash of the secret the browser holds. */
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
          revokedAt: sessions.revokedAt,
        })
        .from(refreshTokens)
        .innerJoin(users, eq(users.id, refreshTokens.userId))
        .innerJoin(sessions, eq(sessions.id, refreshTokens.familyId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      if (!row) return null;
      const { revokedAt, ...rest } = row;
      return { ...rest, sessionRevoked: revokedAt !== null };
    },

    async insertSession(row: { id: string; userId: string; createdAt: Date }) {
      // Signing in is a proof of identity.
      await db.insert(sessions).values({ ...row, provenAt: row.createdAt });
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
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },

    /** When a token was spent; read again after losing a claim to a concurrent rotation. */
    async usedAt(id: string): Promise<Date | null> {
      const [row] = await db.select({ usedAt: refreshTokens.usedAt }).from(refreshTokens).where(eq(refreshTokens.id, id));
      return row?.usedAt ?? null;
    },

    /** Whether it ended a live session (false: it had ended already, or there is none). */
    async revokeSession(sessionId: string, now: Date): Promise<boolean> {
      const ended = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return ended.length > 0;
    },

    /** Every session of the user, except the one still in use when keepSessionId is given. */
    async revokeUserSessions(userId: string, now: Date, keepSessionId?: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
    },
  };
}

export type RefreshRepo = ReturnType<typeof refreshRepo>;
