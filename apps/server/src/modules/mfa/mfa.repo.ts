import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mfaChallenges, userRecoveryCodes, userTotp, userWebauthnCredentials, users, webauthnChallenges } from '../../db/schema';

/** A member's second factors and the pending second steps of their sign-ins. */
export function mfaRepo(db: Db) {
  const repo = {
    async totpOf(userId: string) {
      const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
      return row ?? null;
    },

    async hasConfirmedTotp(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: userTotp.userId })
        .from(userTotp)
        .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
      return Boolean(row);
    },

    async hasPasskey(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: userWebauthnCredentials.id }).from(userWebauthnCredentials).where(eq(userWebauthnCredentials.userId, userId)).limit(1);
      return Boolean(row);
    },

    /** A confirmed authenticator app or a passkey / security key: either makes the sign-in two steps. */
    async hasSecondFactor(userId: string): Promise<boolean> {
      return (await repo.hasConfirmedTotp(userId)) || (await repo.hasPasskey(userId));
    },

    /** A new unconfirmed secret; a confirmed one is never replaced here (the caller checks first, the WHERE makes sure). */
    async putPendingTotp(userId: string, secretSealed: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(userTotp)
        .values({ userId, secretSealed, createdAt: now })
        .onConflictDoUpdate({ target: userTotp.userId, set: { secretSealed, createdAt: now, lastUsedStep: null }, setWhere: isNull(userTotp.confirmedAt) })
        .returning({ userId: userTotp.userId });
      return rows.length > 0;
    },

    /**
     * Records `step` as used, only if it is later than the last one used: of two
     * requests with the same code, one wins. Confirms the authenticator on its first code.
     */
    async claimStep(userId: string, step: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(userTotp)
        .set({ lastUsedStep: step, confirmedAt: sql`coalesce(${userTotp.confirmedAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step))))
        .returning({ userId: userTotp.userId });
      return rows.length > 0;
    },

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

    /** Every second factor of the user goes (app, passkeys, recovery codes), with their pending sign-in steps. */
    async removeAll(userId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ userId: userTotp.userId });
        const keys = await tx.delete(userWebauthnCredentials).where(eq(userWebauthnCredentials.userId, userId)).returning({ id: userWebauthnCredentials.id });
        await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
        await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
        await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
        return removed.length + keys.length > 0;
      });
    },

    /**
     * The authenticator app goes; the recovery codes and pending sign-ins go too unless a passkey
     * is left (they belong to the second factor as a whole, not to the app).
     */
    async removeTotp(userId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ userId: userTotp.userId });
        const [key] = await tx.select({ id: userWebauthnCredentials.id }).from(userWebauthnCredentials).where(eq(userWebauthnCredentials.userId, userId)).limit(1);
        if (!key) {
          await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
          await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
        }
        return removed.length > 0;
      });
    },

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
  return repo;
}
