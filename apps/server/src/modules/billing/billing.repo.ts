import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { isUuid } from '@replay/contracts';
import type { Db } from '../../db/client';
import { billingAccounts, billingPeriods, instanceUsagePeriods, instances, tenants, users } from '../../db/schema';
import type { MeteredPeriod } from './metering';

export type BillingAccountRow = typeof billingAccounts.$inferSelect;

/** The first instant of the UTC month after `at`: where a period begun at `at` closes. */
export function nextMonthStart(at: number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** Billing's queries, always about one account. */
export function billingRepo(db: Db) {
  return {
    async account(tenantId: string): Promise<BillingAccountRow | undefined> {
      const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.tenantId, tenantId));
      return row;
    },

    /** Inserts the account's first details; false when another request saved them first. */
    async insertAccount(row: BillingAccountRow): Promise<boolean> {
      const inserted = await db.insert(billingAccounts).values(row).onConflictDoNothing().returning({ tenantId: billingAccounts.tenantId });
      return inserted.length === 1;
    },

    async updateAccount(tenantId: string, set: Partial<BillingAccountRow>): Promise<BillingAccountRow | undefined> {
      const [row] = await db.update(billingAccounts).set(set).where(eq(billingAccounts.tenantId, tenantId)).returning();
      return row;
    },

    /** The account an operator names: its id, a member's id, or a member's email. */
    async accountNamed(given: string): Promise<{ tenantId: string } | undefined> {
      const [row] = await db
        .select({ tenantId: users.tenantId })
        .from(users)
        .where(isUuid(given) ? or(eq(users.tenantId, given), eq(users.id, given)) : sql`lower(${users.email}) = ${given.toLowerCase()}`)
        .limit(1);
      return row;
    },

    /** The account's trial end and its running period's start (the end of its last closed period, or the hour it was made in), in one read. */
    async periodFacts(tenantId: string): Promise<{ trialEndsAt: Date; start: number } | undefined> {
      const [row] = await db
        .select({
          trialEndsAt: tenants.trialEndsAt,
          start: sql<number>`(extract(epoch from coalesce((select max(${billingPeriods.periodEnd}) from ${billingPeriods} where ${billingPeriods.tenantId} = ${tenants.id}), date_trunc('hour', ${tenants.createdAt}))) * 1000)::float8`,
        })
        .from(tenants)
        .where(eq(tenants.id, tenantId));
      return row && { trialEndsAt: row.trialEndsAt, start: Number(row.start) };
    },

    /**
     * What changes whenever the account's usage in [from, to) does: a change ends a period
     * (one more ended) and begins one (one more, a later start). Rows are never deleted.
     */
    async usageFingerprint(tenantId: string, from: number, to: number): Promise<string> {
      const [row] = await db
        .select({
          n: sql<number>`count(*)::int`,
          ended: sql<number>`count(${instanceUsagePeriods.endedAt})::int`,
          lastStart: sql<string | null>`max(${instanceUsagePeriods.startedAt})::text`,
          lastEnd: sql<string | null>`max(${instanceUsagePeriods.endedAt})::text`,
        })
        .from(instanceUsagePeriods)
        .where(
          and(
            eq(instanceUsagePeriods.tenantId, tenantId),
            gt(sql`coalesce(${instanceUsagePeriods.endedAt}, 'infinity'::timestamptz)`, sql`${new Date(from).toISOString()}::timestamptz`),
            lt(instanceUsagePeriods.startedAt, new Date(to)),
          ),
        );
      return `${row?.n}|${row?.ended}|${row?.lastStart}|${row?.lastEnd}`;
    },

    /** The usage periods of the accounts' instances that overlap [from, to), with what prices them. */
    async meteredPeriods(tenantIds: readonly string[], from: number, to: number): Promise<(MeteredPeriod & { tenantId: string })[]> {
      const rows = await db
        .select({
          tenantId: instanceUsagePeriods.tenantId,
          instanceId: instanceUsagePeriods.instanceId,
          provider: instances.provider,
          region: instances.region,
          freeTrial: instances.freeTrial,
          status: instanceUsagePeriods.status,
          size: instanceUsagePeriods.size,
          diskGb: instanceUsagePeriods.diskGb,
          startedAt: instanceUsagePeriods.startedAt,
          endedAt: instanceUsagePeriods.endedAt,
        })
        .from(instanceUsagePeriods)
        .innerJoin(instances, eq(instances.instanceId, instanceUsagePeriods.instanceId))
        .where(
          and(
            tenantIds.length === 1 ? eq(instanceUsagePeriods.tenantId, tenantIds[0]!) : inArray(instanceUsagePeriods.tenantId, [...tenantIds]),
            // The index's expression (schema/instance-usage.ts): periods still open or ended after `from`.
            gt(sql`coalesce(${instanceUsagePeriods.endedAt}, 'infinity'::timestamptz)`, sql`${new Date(from).toISOString()}::timestamptz`),
            lt(instanceUsagePeriods.startedAt, new Date(to)),
          ),
        );
      return rows.map((r) => ({ ...r, startedAt: r.startedAt.getTime(), endedAt: r.endedAt ? r.endedAt.getTime() : null }));
    },
  };
}
