import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mfaChallenges, userRecoveryCodes, userTotp, userWebauthnCredentials, webauthnChallenges } from '../../db/schema';
import { recoveryCodes, signInChallenges } from './mfa.challenges-repo';

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

    ...recoveryCodes(db),
    ...signInChallenges(db),
  };
  return repo;
}
