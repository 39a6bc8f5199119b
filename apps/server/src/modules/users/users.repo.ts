import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** Account-wide counts of one tenant. */
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
  };
}
