import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailQueue } from '../db/schema';

/**
 * The SMTP queue's rows (schema/mail.ts). A sender claims one row at a time
 * by pushing its `nextAttemptAt` past the time a send can take, so two
 * senders never hold one mail, and a sender that dies frees it when the
 * claim runs out.
 */
export function mailQueueRepo(db: Db) {
  return {
    async insert(row: { id: string; sealed: string; at: Date }): Promise<void> {
      await db.insert(mailQueue).values({ id: row.id, sealed: row.sealed, nextAttemptAt: row.at, createdAt: row.at });
    },

    /** The oldest mail due at `now`, claimed until `until`; its attempt counted. */
    async claimNext(now: Date, until: Date): Promise<{ id: string; sealed: string; attempts: number } | null> {
      const result = await db.execute(sql`
        update ${mailQueue} set attempts = attempts + 1, next_attempt_at = ${until.toISOString()}::timestamptz
        where id = (
          select id from ${mailQueue} where next_attempt_at <= ${now.toISOString()}::timestamptz
          order by created_at, id limit 1 for update skip locked)
        returning id, sealed, attempts`);
      const [row] = (result as unknown as { rows: { id: string; sealed: string; attempts: number }[] }).rows;
      return row ?? null;
    },

    /** Sent, or given up: the sealed copy goes. */
    async remove(id: string): Promise<void> {
      await db.delete(mailQueue).where(eq(mailQueue.id, id));
    },

    async retryAt(id: string, at: Date): Promise<void> {
      await db.update(mailQueue).set({ nextAttemptAt: at }).where(eq(mailQueue.id, id));
    },
  };
}
