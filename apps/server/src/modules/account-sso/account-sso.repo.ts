import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, ssoConnections, ssoDomains } from '../../db/schema';

export type ConnectionRow = typeof ssoConnections.$inferSelect;

/** The account's connection and domains; every query names the tenant. `db` may be a transaction. */
export function accountSsoRepo(db: Db) {
  return {
    async connection(tenantId: string): Promise<ConnectionRow | null> {
      const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.tenantId, tenantId)).limit(1);
      return row ?? null;
    },

    async connectionById(id: string): Promise<ConnectionRow | null> {
      const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.id, id)).limit(1);
      return row ?? null;
    },

    /** Writes the account's one connection (insert or replace its settings); answers the row. */
    async upsert(row: typeof ssoConnections.$inferInsert): Promise<ConnectionRow> {
      const { id: _id, tenantId: _tenant, createdAt: _created, ...settings } = row;
      const [saved] = await db.insert(ssoConnections).values(row).onConflictDoUpdate({ target: ssoConnections.tenantId, set: settings }).returning();
      return saved!;
    },

    async remove(tenantId: string): Promise<boolean> {
      return (await db.delete(ssoConnections).where(eq(ssoConnections.tenantId, tenantId)).returning({ id: ssoConnections.id })).length > 0;
    },

    async setState(tenantId: string, state: ConnectionRow['state'], now: Date): Promise<void> {
      await db.update(ssoConnections).set({ state, updatedAt: now }).where(eq(ssoConnections.tenantId, tenantId));
    },

    /** A test's outcome; a pass proves `digest` (and makes a draft tested when the settings are still those). */
    async recordTest(id: string, outcome: { passed: boolean; detail: string; digest: string; at: Date }): Promise<void> {
      await db
        .update(ssoConnections)
        .set({
          lastTestAt: outcome.at,
          lastTestPassed: outcome.passed,
          lastTestDetail: outcome.detail,
          ...(outcome.passed && {
            testedDigest: outcome.digest,
            state: sql`case when ${ssoConnections.state} = 'draft' and ${ssoConnections.settingsDigest} = ${outcome.digest} then 'tested' else ${ssoConnections.state} end`,
          }),
        })
        .where(eq(ssoConnections.id, id));
    },

    /** A role of the account that is not deleted: its protection too (the Owner role is never given by SSO). */
    async role(tenantId: string, roleId: string): Promise<{ id: string; protected: boolean } | null> {
      const [row] = await db
        .select({ id: roles.id, protected: roles.protected })
        .from(roles)
        .where(and(eq(roles.id, roleId), eq(roles.tenantId, tenantId), isNull(roles.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    /** The SAML connections to the IdP of entity id `entityId` (whose certificate checks its logout message decides which). */
    async samlConnectionsOf(entityId: string): Promise<ConnectionRow[]> {
      return db
        .select()
        .from(ssoConnections)
        .where(and(eq(ssoConnections.protocol, 'saml'), eq(ssoConnections.samlIdpEntityId, entityId)))
        .limit(20);
    },

    /** The OIDC connections to the issuer `issuer` (a logout token's audience, then its signature, decides which). */
    async oidcConnectionsOf(issuer: string): Promise<ConnectionRow[]> {
      return db
        .select()
        .from(ssoConnections)
        .where(and(eq(ssoConnections.protocol, 'oidc'), eq(ssoConnections.oidcIssuer, issuer)))
        .limit(20);
    },

    /** The connection behind a verified domain, whichever account holds it (sign-in by email). */
    async connectionForDomain(domain: string): Promise<ConnectionRow | null> {
      const [row] = await db
        .select({ c: ssoConnections })
        .from(ssoDomains)
        .innerJoin(ssoConnections, eq(ssoConnections.tenantId, ssoDomains.tenantId))
        .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)))
        .limit(1);
      return row?.c ?? null;
    },
  };
}
