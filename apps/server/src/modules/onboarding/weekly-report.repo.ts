import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { ConsoleModuleKey } from '@replay/contracts';
import type { Db } from '../../db/client';
import { domainEvents, instanceMetrics, instanceUsagePeriods, instances, tenants, users, weeklyReportChoices, weeklyReportSends } from '../../db/schema';
import type { InstanceScope } from '../../lib/instance-scope';
import { instanceScopeFilter } from '../../lib/sql-filters';

const WEEKLY_REPORT_MODULE: ConsoleModuleKey = 'weekly-report';

export interface DueMember {
  userId: string;
  tenantId: string;
  email: string;
  name: string;
}

/** The weekly report's reads (each of one account, within one member's instance scope) and its once-per-week key. */
export function weeklyReportRepo(db: Db) {
  return {
    /**
     * Members opted in before the slot began, still members, not yet mailed for it, of an
     * account that has not switched the weekly report module off (contracts' console-modules.ts:
     * mail is not a view, so that module's switch stops the mail itself).
     */
    async dueMembers(slot: Date, limit: number): Promise<DueMember[]> {
      return db
        .select({ userId: users.id, tenantId: users.tenantId, email: users.email, name: users.name })
        .from(weeklyReportChoices)
        .innerJoin(users, eq(users.id, weeklyReportChoices.userId))
        .where(
          and(
            eq(weeklyReportChoices.weeklyReport, true),
            lte(weeklyReportChoices.changedAt, slot),
            isNull(users.deletedAt),
            sql`${users.joinedAt} is not null`,
            sql`not exists (select 1 from ${weeklyReportSends} s where s.user_id = ${users.id} and s.week_start = ${slot.toISOString()}::timestamptz)`,
            sql`not exists (select 1 from ${tenants} t where t.id = ${users.tenantId} and ${WEEKLY_REPORT_MODULE} = any(t.modules))`,
          ),
        )
        .orderBy(asc(users.id))
        .limit(limit);
    },

    /** Takes the member's slot; false when another console process (or an earlier round) took it. */
    async claimSend(m: DueMember, slot: Date, at: Date): Promise<boolean> {
      const rows = await db
        .insert(weeklyReportSends)
        .values({ userId: m.userId, tenantId: m.tenantId, weekStart: slot, queuedAt: at })
        .onConflictDoNothing()
        .returning({ userId: weeklyReportSends.userId });
      return rows.length === 1;
    },

    /** The instances in the scope that existed at some time of the week. */
    async instancesOfWeek(scope: InstanceScope, from: Date, to: Date) {
      return db
        .select({ id: instances.instanceId, name: instances.name, status: instances.status, createdAt: instances.createdAt, deletedAt: instances.deletedAt })
        .from(instances)
        .where(
          and(instanceScopeFilter(instances.instanceId, scope), eq(instances.tenantId, scope.tenantId), lt(instances.createdAt, to), or(isNull(instances.deletedAt), gt(instances.deletedAt, from))),
        )
        .orderBy(asc(instances.name));
    },

    /** Milliseconds each instance was running within [from, to), from its usage periods. */
    async runningMs(tenantId: string, ids: string[], from: Date, to: Date): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const f = sql`${from.toISOString()}::timestamptz`;
      const t = sql`${to.toISOString()}::timestamptz`;
      const rows = await db
        .select({
          id: instanceUsagePeriods.instanceId,
          ms: sql<string>`coalesce(sum(extract(epoch from (least(coalesce(${instanceUsagePeriods.endedAt}, ${t}), ${t}) - greatest(${instanceUsagePeriods.startedAt}, ${f}))) * 1000), 0)`,
        })
        .from(instanceUsagePeriods)
        .where(
          and(
            eq(instanceUsagePeriods.tenantId, tenantId),
            inArray(instanceUsagePeriods.instanceId, ids),
            eq(instanceUsagePeriods.status, 'running'),
            lt(instanceUsagePeriods.startedAt, to),
            or(isNull(instanceUsagePeriods.endedAt), gt(instanceUsagePeriods.endedAt, from)),
          ),
        )
        .groupBy(instanceUsagePeriods.instanceId);
      return new Map(rows.map((r) => [r.id, Math.max(0, Math.round(Number(r.ms)))]));
    },

    /** Bytes each instance's agent received in the week, from the monitoring samples (recordings are most of it). */
    async receivedBytes(ids: string[], from: Date, to: Date): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: instanceMetrics.instanceId, bytes: sql<string>`coalesce(sum(${instanceMetrics.netIn}), 0)` })
        .from(instanceMetrics)
        .where(and(inArray(instanceMetrics.instanceId, ids), gte(instanceMetrics.at, from), lt(instanceMetrics.at, to)))
        .groupBy(instanceMetrics.instanceId);
      return new Map(rows.map((r) => [r.id, Number(r.bytes)]));
    },

    /** The account's events of the week of the given types, oldest first. */
    async events(tenantId: string, types: readonly string[], from: Date, to: Date) {
      return db
        .select({ type: domainEvents.type, payload: domainEvents.payload, occurredAt: domainEvents.occurredAt })
        .from(domainEvents)
        .where(and(eq(domainEvents.tenantId, tenantId), inArray(domainEvents.type, [...types]), gte(domainEvents.occurredAt, from), lt(domainEvents.occurredAt, to)))
        .orderBy(asc(domainEvents.occurredAt))
        .limit(200);
    },
  };
}
