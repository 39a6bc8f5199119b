import { and, count, desc, eq, ilike, notLike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consoleActivities } from '../../db/schema';
import type { InstanceScope } from '../../lib/instance-scope';
import { readPage, totalOver, type PageQuery } from '../../lib/paging';
import { instanceScopeFilter, likePattern, prefixPattern } from '../../lib/sql-filters';

/** The console activity log of one account, newest first, as far as the caller's instance scope reaches. */
export function activityRepo(db: Db) {
  return {
    /** `hiddenPrefixes`: event types (the action column) the reader may not see, by prefix. */
    async page(scope: InstanceScope, opts: PageQuery & { query?: string; hiddenPrefixes?: readonly string[] }) {
      const text = opts.query?.trim();
      const where = and(
        eq(consoleActivities.tenantId, scope.tenantId),
        instanceScopeFilter(consoleActivities.instanceId, scope),
        ...(opts.hiddenPrefixes ?? []).map((prefix) => notLike(consoleActivities.action, prefixPattern(prefix))),
        text ? or(ilike(consoleActivities.message, likePattern(text)), ilike(consoleActivities.action, likePattern(text)), ilike(consoleActivities.userName, likePattern(text))) : undefined,
      );
      const { rows, total } = await readPage(
        opts,
        (limit, offset) =>
          db
            .select({ row: consoleActivities, total: totalOver() })
            .from(consoleActivities)
            .where(where)
            .orderBy(desc(consoleActivities.createdAt), desc(consoleActivities.id))
            .limit(limit)
            .offset(offset),
        () => db.select({ n: count() }).from(consoleActivities).where(where),
      );
      return { rows: rows.map((r) => r.row), total };
    },
  };
}
