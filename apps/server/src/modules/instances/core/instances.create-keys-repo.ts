import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { idempotencyKeys } from '../../../db/schema';

/** Instance creation's idempotency keys: a retried create answers what the first one did. `db` may be a transaction. */
export function instanceCreateKeysRepo(db: Db) {
  return {
    /** Claims an idempotency key; false when it is already there (the caller then reads it). Waits for a concurrent claimer to finish. */
    async claimKey(tenantId: string, key: string, requestHash: string): Promise<boolean> {
      const claimed = await db.insert(idempotencyKeys).values({ tenantId, key, requestHash, status: 0, response: {} }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
      return claimed.length > 0;
    },

    async readKey(tenantId: string, key: string) {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key)))
        .limit(1);
      return row ?? null;
    },

    async storeKeyAnswer(tenantId: string, key: string, status: number, response: unknown): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ status, response })
        .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key)));
    },
  };
}
