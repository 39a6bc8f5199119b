import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ssoDomains } from '../../db/schema';

export type DomainRow = typeof ssoDomains.$inferSelect;

/** The account's claimed domains; every query names the tenant. `db` may be a transaction. */
export function ssoDomainsRepo(db: Db) {
  return {
    async domains(tenantId: string): Promise<DomainRow[]> {
      return db.select().from(ssoDomains).where(eq(ssoDomains.tenantId, tenantId)).orderBy(ssoDomains.domain);
    },

    async domain(tenantId: string, id: string): Promise<DomainRow | null> {
      const [row] = await db
        .select()
        .from(ssoDomains)
        .where(and(eq(ssoDomains.id, id), eq(ssoDomains.tenantId, tenantId)))
        .limit(1);
      return row ?? null;
    },

    /** A claim, or a new code for the account's existing claim of the domain (the address may change). */
    async claim(row: typeof ssoDomains.$inferInsert): Promise<DomainRow> {
      const [saved] = await db
        .insert(ssoDomains)
        .values(row)
        .onConflictDoUpdate({ target: [ssoDomains.tenantId, ssoDomains.domain], set: { email: row.email, codeHash: row.codeHash, codeExpiresAt: row.codeExpiresAt } })
        .returning();
      return saved!;
    },

    /** Marks the claim verified when the code matches and has not expired; null otherwise. */
    async verify(tenantId: string, id: string, codeHash: string, now: Date): Promise<DomainRow | null> {
      const [row] = await db
        .update(ssoDomains)
        .set({ verifiedAt: now, codeHash: null, codeExpiresAt: null })
        .where(and(eq(ssoDomains.id, id), eq(ssoDomains.tenantId, tenantId), eq(ssoDomains.codeHash, codeHash), gt(ssoDomains.codeExpiresAt, now)))
        .returning();
      return row ?? null;
    },

    async removeDomain(tenantId: string, id: string): Promise<boolean> {
      return (
        (
          await db
            .delete(ssoDomains)
            .where(and(eq(ssoDomains.id, id), eq(ssoDomains.tenantId, tenantId)))
            .returning({ id: ssoDomains.id })
        ).length > 0
      );
    },

    async countDomains(tenantId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(ssoDomains)
        .where(eq(ssoDomains.tenantId, tenantId));
      return row?.n ?? 0;
    },

    /** Whether another account holds the domain verified. */
    async verifiedElsewhere(tenantId: string, domain: string): Promise<boolean> {
      const [row] = await db
        .select({ id: ssoDomains.id })
        .from(ssoDomains)
        .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt), sql`${ssoDomains.tenantId} <> ${tenantId}`))
        .limit(1);
      return row !== undefined;
    },
  };
}
