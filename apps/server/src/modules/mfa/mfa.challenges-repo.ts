import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mfaChallenges, userRecoveryCodes, users, webauthnChallenges } from '../../db/schema';

/** A member's recovery codes, each spent once (mfaRepo hands these out). */
export function recoveryCodes(db: Db) {
  return {
    async replaceRecoveryCodes(userId: string, codes: { id: string; codeHash: string }[], now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
        await tx.insert(userRecoveryCodes).values(codes.map((c) => ({ ...c, userId, createdAt: now })));
      });
    },

    /** Spends a recovery code: true once, for the first request that presents it. */
    async spendRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(userRecoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(userRecoveryCodes.userId, userId), eq(userRecoveryCodes.codeHash, codeHash), isNull(userRecoveryCodes.usedAt)))
        .returning({ id: userRecoveryCodes.id });
      return rows.length > 0;
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(userRecoveryCodes)
        .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
      return row?.n ?? 0;
    },
  };
}

/** The pending second steps of sign-ins, and their clean-up (mfaRepo hands these out). */
export function signInChallenges(db: Db) {
  return {
    async insertChallenge(row: typeof mfaChallenges.$inferInsert): Promise<void> {
      await db.insert(mfaChallenges).values(row);
    },

    /** The live (unused, unexpired) challenge with this token hash. */
    async liveChallenge(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ id: mfaChallenges.id, userId: mfaChallenges.userId, tenantId: users.tenantId, expiresAt: mfaChallenges.expiresAt })
        .from(mfaChallenges)
        .innerJoin(users, eq(users.id, mfaChallenges.userId))
        .where(and(eq(mfaChallenges.tokenHash, tokenHash), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, now)));
      return row ?? null;
    },

    /** Spends a challenge: true once. */
    async spendChallenge(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(mfaChallenges)
        .set({ usedAt: now })
        .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)))
        .returning({ id: mfaChallenges.id });
      return rows.length > 0;
    },

    /** Forgets sign-in steps and WebAuthn challenges that ended before `before` (they open nothing any more). */
    async purgeChallenges(before: Date): Promise<{ signIns: number; webauthn: number }> {
      const signIns = await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, before)).returning({ id: mfaChallenges.id });
      const webauthn = await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, before)).returning({ id: webauthnChallenges.id });
      return { signIns: signIns.length, webauthn: webauthn.length };
    },
  };
}
