import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mfaChallenges, userRecoveryCodes, userTotp, userWebauthnCredentials, webauthnChallenges } from '../../db/schema';

export type WebauthnPurpose = 'registration' | 'sign-in' | 'reauth';

/** A member's passkeys and security keys, and the WebAuthn challenges handed out for them. */
export function webauthnRepo(db: Db) {
  return {
    async credentialsOf(userId: string) {
      return db.select().from(userWebauthnCredentials).where(eq(userWebauthnCredentials.userId, userId)).orderBy(asc(userWebauthnCredentials.createdAt), asc(userWebauthnCredentials.id));
    },

    async countOf(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(userWebauthnCredentials).where(eq(userWebauthnCredentials.userId, userId));
      return row?.n ?? 0;
    },

    /** The credential with this WebAuthn id, only if it is this member's: another member's key opens nothing here. */
    async credentialOf(userId: string, credentialId: string) {
      const [row] = await db
        .select()
        .from(userWebauthnCredentials)
        .where(and(eq(userWebauthnCredentials.userId, userId), eq(userWebauthnCredentials.credentialId, credentialId)));
      return row ?? null;
    },

    async insertCredential(row: typeof userWebauthnCredentials.$inferInsert) {
      const [created] = await db.insert(userWebauthnCredentials).values(row).returning();
      return created!;
    },

    /**
     * Records a use: the new signature count, only if the stored one is still the one checked
     * against (compare-and-set), so of two assertions racing with one count, one wins.
     */
    async recordUse(id: string, checkedCounter: number, newCounter: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(userWebauthnCredentials)
        .set({ counter: newCounter, lastUsedAt: now })
        .where(and(eq(userWebauthnCredentials.id, id), eq(userWebauthnCredentials.counter, checkedCounter)))
        .returning({ id: userWebauthnCredentials.id });
      return rows.length > 0;
    },

    /**
     * Removes one of the member's keys; when it was their last second factor (no app confirmed,
     * no other key), the recovery codes and pending sign-ins go with it. False when not theirs.
     */
    async remove(userId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(userWebauthnCredentials)
          .where(and(eq(userWebauthnCredentials.id, id), eq(userWebauthnCredentials.userId, userId)))
          .returning({ id: userWebauthnCredentials.id });
        if (!removed.length) return false;
        const [key] = await tx.select({ id: userWebauthnCredentials.id }).from(userWebauthnCredentials).where(eq(userWebauthnCredentials.userId, userId)).limit(1);
        const [app] = await tx.select({ userId: userTotp.userId }).from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
        if (!key && !app) {
          await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
          await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
        }
        return true;
      });
    },

    async insertChallenge(row: typeof webauthnChallenges.$inferInsert): Promise<void> {
      await db.insert(webauthnChallenges).values(row);
    },

    /**
     * Spends the challenge a response brings: true once, only for the member, purpose and
     * session (or sign-in) it was handed out for, and only while it is live.
     */
    async spendChallenge(userId: string, purpose: WebauthnPurpose, boundTo: string, challenge: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(webauthnChallenges)
        .set({ usedAt: now })
        .where(
          and(
            eq(webauthnChallenges.challenge, challenge),
            eq(webauthnChallenges.userId, userId),
            eq(webauthnChallenges.purpose, purpose),
            eq(webauthnChallenges.boundTo, boundTo),
            isNull(webauthnChallenges.usedAt),
            gt(webauthnChallenges.expiresAt, now),
          ),
        )
        .returning({ id: webauthnChallenges.id });
      return rows.length > 0;
    },
  };
}
