import { eq, sql } from 'drizzle-orm';
import type { LoggerOptionsValues } from '@replay/contracts';
import type { Db } from '../../db/client';
import { loggerOptions } from '../../db/schema';

export type LoggerOptionsRow = typeof loggerOptions.$inferSelect;

/** The account's logger options row (none until a member saves); every query names its account. `db` may be a transaction. */
export function loggerOptionsRepo(db: Db) {
  return {
    async find(tenantId: string): Promise<LoggerOptionsRow | null> {
      const [row] = await db.select().from(loggerOptions).where(eq(loggerOptions.tenantId, tenantId)).limit(1);
      return row ?? null;
    },

    /** Saves the whole options and counts the version up, in one statement, so two saves at once get two versions. */
    async save(tenantId: string, userId: string, options: LoggerOptionsValues, at: Date): Promise<LoggerOptionsRow> {
      const [row] = await db
        .insert(loggerOptions)
        .values({ tenantId, options, version: 1, updatedAt: at, updatedBy: userId })
        .onConflictDoUpdate({
          target: loggerOptions.tenantId,
          set: { options, version: sql`${loggerOptions.version} + 1`, updatedAt: at, updatedBy: userId },
        })
        .returning();
      return row!;
    },
  };
}
