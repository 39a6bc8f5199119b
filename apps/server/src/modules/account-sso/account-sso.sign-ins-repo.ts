import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ssoSessions, ssoSignIns, users } from '../../db/schema';

export type SignInRow = typeof ssoSignIns.$inferSelect;

/** Sign-ins under way (state, nonce, verifier), their one-time tickets, and the sessions they opened. */
export function ssoSignInsRepo(db: Db) {
  return {
    async insert(row: typeof ssoSignIns.$inferInsert): Promise<void> {
      await db.insert(ssoSignIns).values(row);
    },

    /** Takes the sign-in the IdP came back for, once: a second callback with the same state finds nothing. */
    async claim(stateHash: string, now: Date): Promise<SignInRow | null> {
      const [row] = await db
        .update(ssoSignIns)
        .set({ usedAt: now })
        .where(and(eq(ssoSignIns.stateHash, stateHash), isNull(ssoSignIns.usedAt), gt(ssoSignIns.expiresAt, now)))
        .returning();
      return row ?? null;
    },

    /** SAML: what the ACS checked, kept until the browser's same-origin GET shows its binding cookie. */
    async keepOutcome(id: string, outcomeSealed: string): Promise<void> {
      await db.update(ssoSignIns).set({ samlOutcomeSealed: outcomeSealed }).where(eq(ssoSignIns.id, id));
    },

    /**
     * SAML: takes the ACS's outcome once. The request id is spent as it is read (the sealed outcome
     * stays until the row is purged): a second GET with the same state finds nothing.
     */
    async takeOutcome(stateHash: string, now: Date): Promise<SignInRow | null> {
      const [row] = await db
        .update(ssoSignIns)
        .set({ samlRequestId: null })
        .where(and(eq(ssoSignIns.stateHash, stateHash), isNotNull(ssoSignIns.samlRequestId), isNotNull(ssoSignIns.samlOutcomeSealed), gt(ssoSignIns.expiresAt, now)))
        .returning();
      return row ?? null;
    },

    /** After a passed sign-in: the ticket the SPA exchanges for a session, and what single logout will need. */
    async issueTicket(id: string, ticket: { ticketHash: string; userId: string; idpSessionSealed: string; expiresAt: Date }): Promise<void> {
      await db.update(ssoSignIns).set(ticket).where(eq(ssoSignIns.id, id));
    },

    /** Redeems a ticket once (its hash is cleared as it is read). */
    async redeem(ticketHash: string, now: Date): Promise<SignInRow | null> {
      const [row] = await db
        .update(ssoSignIns)
        .set({ ticketHash: null })
        .where(and(eq(ssoSignIns.ticketHash, ticketHash), gt(ssoSignIns.expiresAt, now)))
        .returning();
      return row ?? null;
    },

    async purge(before: Date): Promise<void> {
      await db.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, before));
    },

    async recordSession(row: typeof ssoSessions.$inferInsert): Promise<void> {
      await db.insert(ssoSessions).values(row);
    },

    async sessionOf(sessionId: string): Promise<typeof ssoSessions.$inferSelect | null> {
      const [row] = await db.select().from(ssoSessions).where(eq(ssoSessions.sessionId, sessionId)).limit(1);
      return row ?? null;
    },

    /** The console sessions an IdP session (or, without its id, a subject) opened, with their person's email (for the audit trail). */
    async sessionsFor(connectionId: string, match: { idpSessionId?: string; subject?: string }): Promise<(typeof ssoSessions.$inferSelect & { email: string })[]> {
      const where = match.idpSessionId ? eq(ssoSessions.idpSessionId, match.idpSessionId) : eq(ssoSessions.subject, match.subject ?? '');
      const rows = await db
        .select({ session: ssoSessions, email: users.email })
        .from(ssoSessions)
        .innerJoin(users, eq(users.id, ssoSessions.userId))
        .where(and(eq(ssoSessions.connectionId, connectionId), where));
      return rows.map((r) => ({ ...r.session, email: r.email }));
    },
  };
}
