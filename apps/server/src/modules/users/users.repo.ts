import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenants, users } from '../../db/schema';

/** Account-wide settings and counts of one tenant. */
export function usersRepo(db: Db) {
  return {
    /** Seats taken: joined members and pending invitations alike (as the account's limits count them). */
    async countSeats(tenantId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), isNull(users.deletedAt)));
      return row?.n ?? 0;
    },

    /** One statement, so two toggles at once cannot lose each other's change. */
    async toggleModule(tenantId: string, key: string): Promise<string[]> {
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
