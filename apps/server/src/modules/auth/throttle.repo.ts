import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginThrottle } from '../../db/schema';

export interface ThrottleRule {
  maxFailures: number;
  windowMs: number;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Failure counters in the database, so that every console process sees the
 * same count. A key is a fixed window: it starts at its first failure and the
 * failure that reaches the limit locks the key for one more window.
 */
export function throttleRepo(db: Db) {
  return {
    /** The latest lock among the keys that is still running, if any. */
    async lockedUntil(keys: string[], now: Date): Promise<Date | null> {
      const rows = await db
        .select({ lockedUntil: loginThrottle.lockedUntil })
        .from(loginThrottle)
        .where(and(inArray(loginThrottle.key, keys), gt(loginThrottle.lockedUntil, now)));
      const ends = rows.flatMap((r) => (r.lockedUntil ? [r.lockedUntil.getTime()] : []));
      return ends.length ? new Date(Math.max(...ends)) : null;
    },

    /** One atomic upsert: concurrent failures from several processes all count. */
    async recordFailure(key: string, now: Date, rule: ThrottleRule): Promise<void> {
      const lockEnd = new Date(now.getTime() + rule.windowMs);
      const stale = sql`${loginThrottle.windowStartedAt} <= ${ts(new Date(now.getTime() - rule.windowMs))}`;
      const failures = sql`case when ${stale} then 1 else ${loginThrottle.failures} + 1 end`;
      await db
        .insert(loginThrottle)
        .values({ key, failures: 1, windowStartedAt: now, lockedUntil: rule.maxFailures <= 1 ? lockEnd : null })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures,
            windowStartedAt: sql`case when ${stale} then ${ts(now)} else ${loginThrottle.windowStartedAt} end`,
            lockedUntil: sql`case
              when ${failures} >= ${rule.maxFailures} then ${ts(lockEnd)}
              when ${stale} then null
              else ${loginThrottle.lockedUntil} end`,
          },
        });
    },

    async clear(key: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
    },
  };
}
