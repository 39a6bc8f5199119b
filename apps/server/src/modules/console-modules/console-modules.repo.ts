import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenants } from '../../db/schema';

/** The account's `modules` (the optional modules switched off). `db` may be a transaction. */
export function consoleModulesRepo(db: Db) {
  return {
    /**
     * The spec's toggle (added if absent, removed if present) in one statement, so two
     * toggles at once cannot lose each other's change; answers the list as it now is.
     */
    async toggle(tenantId: string, key: string): Promise<string[]> {
      const [row] = await db
        .update(tenants)
        .set({
          modules: sql`case when ${key} = any(${tenants.modules}) then array_remove(${tenants.modules}, ${key}) else array_append(${tenants.modules}, ${key}) end`,
        })
        .where(eq(tenants.id, tenantId))
        .returning({ modules: tenants.modules });
      return row?.modules ?? [];
    },
  };
}
