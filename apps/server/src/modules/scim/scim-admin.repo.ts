import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scimTokens, users } from '../../db/schema';

/** The account's SCIM token rows (only digests): the live one, its creation and revocation. */
export function scimAdminRepo(db: Db) {
  return {
    async live(tenantId: string) {
      const [row] = await db
        .select({ createdAt: scimTokens.createdAt, lastUsedAt: scimTokens.lastUsedAt, createdBy: users.name })
        .from(scimTokens)
        .innerJoin(users, eq(users.id, scimTokens.createdBy))
        .where(and(eq(scimTokens.tenantId, tenantId), isNull(scimTokens.revokedAt)))
        .limit(1);
      return row ?? null;
    },

    /** Revokes the live token, if any; whether there was one. */
    async revokeLive(tenantId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(scimTokens)
        .set({ revokedAt: at })
        .where(and(eq(scimTokens.tenantId, tenantId), isNull(scimTokens.revokedAt)))
        .returning({ id: scimTokens.id });
      return rows.length > 0;
    },

    async insert(row: typeof scimTokens.$inferInsert): Promise<void> {
      await db.insert(scimTokens).values(row);
    },
  };
}
