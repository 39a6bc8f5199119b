import { and, count, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { InstanceStatus } from '@replay/contracts';
import type { Db } from '../../../db/client';
import { instances, tenants } from '../../../db/schema';
import type { InstanceScope } from '../../../lib/instance-scope';
import { readPage, totalOver, type PageQuery } from '../../../lib/paging';
import { ilikeLoweredOnce, likePattern } from '../../../lib/sql-filters';
import { instanceCreateKeysRepo } from './instances.create-keys-repo';
import { instanceEventsRepo } from './instances.events-repo';

export type InstanceRow = typeof instances.$inferSelect;
export type NewInstanceRow = typeof instances.$inferInsert;
export type InstanceChange = Partial<Omit<NewInstanceRow, 'instanceId' | 'tenantId' | 'createdAt'>>;

/** The caller's slice of the table: their account, and their role's instances when it names some. */
function scoped(scope: InstanceScope): SQL {
  const tenant = eq(instances.tenantId, scope.tenantId);
  if (scope.ids === null) return tenant;
  return scope.ids.length ? and(tenant, inArray(instances.instanceId, [...scope.ids]))! : sql`false`;
}

/**
 * Terminated instances stay in the table (their history), but out of lists
 * and counts. Written as a literal, not a parameter, so that a prepared
 * statement's plan can use the indexes whose predicate it is.
 */
export const live = sql`${instances.status} <> 'terminated'`;

/** What a name must contain to match a search, as an ILIKE pattern; undefined when there is no search. */
export const searchPattern = (search: string | undefined): string | undefined => (search ? likePattern(search) : undefined);

/** Live instances whose name holds the search's pattern, whatever the case: ILIKE, its pattern lowered once per statement (lib/sql-filters.ts). */
export const nameMatches = (pattern: string | Placeholder): SQL => ilikeLoweredOnce(instances.name, pattern);

/**
 * Queries that act for a signed-in caller: every one takes the caller's scope
 * (or, for account-wide facts, the tenant id). `db` may be a transaction.
 */
export function instancesRepo(db: Db) {
  return {
    ...instanceEventsRepo(db),
    ...instanceCreateKeysRepo(db),
    /**
     * One page of live instances, newest first, and how many match in all.
     * The list route reads a whole-account caller's page with the caller
     * (listWithCaller); this serves the rest: roles naming chosen instances,
     * and pages past the end, which have no row to carry the total.
     */
    async list(scope: InstanceScope, q: PageQuery & { search?: string }) {
      const pattern = searchPattern(q.search);
      const where = and(scoped(scope), live, pattern === undefined ? undefined : nameMatches(pattern));
      const { rows, total } = await readPage(
        q,
        (limit, offset) => db.select({ row: instances, total: totalOver() }).from(instances).where(where).orderBy(desc(instances.createdAt), desc(instances.instanceId)).limit(limit).offset(offset),
        () => db.select({ n: count() }).from(instances).where(where),
      );
      return { rows: rows.map((r) => r.row), total };
    },

    /** Terminated instances are found too: the details screen shows them until it leaves. */
    async find(scope: InstanceScope, instanceId: string): Promise<InstanceRow | null> {
      const [row] = await db
        .select()
        .from(instances)
        .where(and(scoped(scope), eq(instances.instanceId, instanceId)))
        .limit(1);
      return row ?? null;
    },

    async statuses(scope: InstanceScope, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ instanceId: instances.instanceId, status: instances.status, inProgress: instances.inProgress })
        .from(instances)
        .where(and(scoped(scope), inArray(instances.instanceId, ids)));
    },

    /** The account's instances for the billing gate and Account.instanceCount: every live one, whatever the caller's role. */
    async countLive(tenantId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(instances)
        .where(and(eq(instances.tenantId, tenantId), live));
      return row?.n ?? 0;
    },

    /** URLs are unique across the console among live instances, compared without case (they name hosts). */
    async urlTaken(url: string): Promise<boolean> {
      const [row] = await db
        .select({ id: instances.instanceId })
        .from(instances)
        .where(and(sql`lower(${instances.url}) = lower(${url})`, live))
        .limit(1);
      return row !== undefined;
    },

    async insert(row: NewInstanceRow): Promise<InstanceRow> {
      const [inserted] = await db.insert(instances).values(row).returning();
      return inserted!;
    },

    /**
     * Compare-and-set: changes the row only if it is still in `from` (and
     * matches `extra`), so a change decided on a stale read never lands.
     */
    async changeIf(scope: InstanceScope, instanceId: string, from: InstanceStatus, change: InstanceChange, extra?: SQL) {
      const [row] = await db
        .update(instances)
        .set(change)
        .where(and(scoped(scope), eq(instances.instanceId, instanceId), eq(instances.status, from), extra))
        .returning();
      return row ?? null;
    },

    async set(scope: InstanceScope, instanceId: string, change: InstanceChange, extra?: SQL): Promise<InstanceRow | null> {
      const [row] = await db
        .update(instances)
        .set(change)
        .where(and(scoped(scope), eq(instances.instanceId, instanceId), extra))
        .returning();
      return row ?? null;
    },

    /**
     * Holds the account's row until the transaction ends, so two creates in
     * one account are judged one after the other: the billing gate counts
     * instances, and two concurrent counts would both see the free slot.
     */
    async trialEndsAt(tenantId: string): Promise<Date> {
      const [row] = await db.select({ trialEndsAt: tenants.trialEndsAt }).from(tenants).where(eq(tenants.id, tenantId));
      return row?.trialEndsAt ?? new Date(0);
    },

    /** Locks the account's row for the caller's transaction; answers when its trial ends. */
    async lockAccount(tenantId: string): Promise<{ trialEndsAt: Date }> {
      const [row] = await db.select({ trialEndsAt: tenants.trialEndsAt }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
      return row ?? { trialEndsAt: new Date(0) };
    },
  };
}

export type InstancesRepo = ReturnType<typeof instancesRepo>;
