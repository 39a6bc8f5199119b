import { and, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import { INSTANCE_ACTIVITY_LABELS, type InstanceActivityAction } from '@replay/contracts';
import type { Db } from '../../../db/client';
import { instanceActivities } from '../../../db/schema';
import { readPage, totalOver, type PageQuery } from '../../../lib/paging';
import { likePattern } from '../../../lib/sql-filters';

/** The details screen's Events tab: an instance's activity lines, searched and paged. `db` may be a transaction. */
export function instanceEventsRepo(db: Db) {
  return {
    async events(tenantId: string, instanceId: string, q: PageQuery & { query?: string }) {
      const where = [eq(instanceActivities.tenantId, tenantId), eq(instanceActivities.instanceId, instanceId)];
      if (q.query) {
        const needle = q.query.toLowerCase();
        const pattern = likePattern(q.query);
        // The Events tab shows labels ('SSO Update'), so a search matches them as well as the stored keys.
        const byLabel = (Object.entries(INSTANCE_ACTIVITY_LABELS) as [InstanceActivityAction, string][]).filter(([, label]) => label.toLowerCase().includes(needle)).map(([action]) => action);
        const matches = [ilike(instanceActivities.comments, pattern), ilike(instanceActivities.userName, pattern), ilike(instanceActivities.action, pattern)];
        if (byLabel.length) matches.push(inArray(instanceActivities.action, byLabel));
        where.push(or(...matches)!);
      }
      const { rows, total } = await readPage(
        q,
        (limit, offset) =>
          db
            .select({ row: instanceActivities, total: totalOver() })
            .from(instanceActivities)
            .where(and(...where))
            .orderBy(desc(instanceActivities.createdAt), desc(instanceActivities.activityId))
            .limit(limit)
            .offset(offset),
        () =>
          db
            .select({ n: count() })
            .from(instanceActivities)
            .where(and(...where)),
      );
      return { rows: rows.map((r) => r.row), total };
    },
  };
}
