import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consoleActivities } from '../../db/schema';
import { instanceScopeFilter, likePattern } from '../../lib/sql-filters';

/** The console activity log of one account, newest first. */
export function activityRepo(db: Db) {
  return {
    async page(tenantId: string, scope: 'all' | readonly string[], opts: { page: number; limit: number; query?: string }) {
      const text = opts.query?.trim();
      const where = and(
        eq(consoleActivities.tenantId, tenantId),
        instanceScopeFilter(consoleActivities.instanceId, scope),
        text
          ? or(
              ilike(consoleActivities.message, likePattern(text)),
              ilike(consoleActivities.action, likePattern(text)),
              ilike(consoleActivities.userName, likePattern(text)),
            )
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(consoleActivities)
          .where(where)
          .orderBy(desc(consoleActivities.createdAt), desc(consoleActivities.id))
          .limit(opts.limit)
          .offset((opts.page - 1) * opts.limit),
        db.select({ n: count() }).from(consoleActivities).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
