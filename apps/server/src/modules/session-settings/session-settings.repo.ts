import { eq, sql } from 'drizzle-orm';
import type { SessionSettingsValues } from '@replay/contracts';
import type { Db } from '../../db/client';
import { sessionSettings } from '../../db/schema';

export type SessionSettingsRow = typeof sessionSettings.$inferSelect;

/** The account's session settings row (none until a member saves); every query names its account. `db` may be a transaction. */
export function sessionSettingsRepo(db: Db) {
  return {
    async find(tenantId: string): Promise<SessionSettingsRow | null> {
      const [row] = await db.select().from(sessionSettings).where(eq(sessionSettings.tenantId, tenantId)).limit(1);
      return row ?? null;
    },

    /** Saves the whole settings and counts the version up, in one statement, so two saves at once get two versions. */
    async save(tenantId: string, userId: string, settings: SessionSettingsValues, at: Date): Promise<SessionSettingsRow> {
      const [row] = await db
        .insert(sessionSettings)
        .values({ tenantId, settings, version: 1, updatedAt: at, updatedBy: userId })
        .onConflictDoUpdate({
          target: sessionSettings.tenantId,
          set: { settings, version: sql`${sessionSettings.version} + 1`, updatedAt: at, updatedBy: userId },
        })
        .returning();
      return row!;
    },
  };
}
