import { and, count, desc, eq, ilike, inArray, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { INSTANCE_ACTIVITY_LABELS, type InstanceActivityAction, type InstanceStatus } from '@replay/contracts';
import type { Db } from '../../db/client';
import { idempotencyKeys, instanceActivities, instances, tenants } from '../../db/schema';
import type { InstanceScope } from './instances.scope';

export type InstanceRow = typeof instances.$inferSelect;
export type NewInstanceRow = typeof instances.$inferInsert;
export type InstanceChange = Partial<Omit<NewInstanceRow, 'instanceId' | 'tenantId' | 'createdAt'>>;

/** The caller's slice of the table: their account, and their role's instances when it names some. */
function scoped(scope: InstanceScope): SQL {
  const tenant = eq(instances.tenantId, scope.tenantId);
  if (scope.ids === null) return tenant;
  return scope.ids.length ? and(tenant, inArray(instances.instanceId, [...scope.ids]))! : sql`false`;
}

const live = ne(instances.status, 'terminated');

/** LIKE wildcards in a search are literal characters. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Queries that act for a signed-in caller: every one takes the caller's scope
 * (or, for account-wide facts, the tenant id). `db` may be a transaction.
 */
export function instancesRepo(db: Db) {
  const listQuery = (where: SQL | Placeholder, pattern: string | Placeholder | undefined) =>
    db
      .select({ row: instances, total: sql<number>`count(*) over()`.mapWith(Number) })
      .from(instances)
      .where(and(where as SQL, live, pattern === undefined ? undefined : ilike(instances.name, pattern as string)))
      .orderBy(desc(instances.createdAt), desc(instances.instanceId));

  /*
   * The list is the console's busiest query. For a caller who sees the whole
   * account it is prepared once (with and without a search): building SQL
   * through the ORM costs more CPU than PostgreSQL spends running it.
   */
  const prepared = new Map<boolean, ReturnType<typeof prepareList>>();
  const prepareList = (withSearch: boolean) =>
    listQuery(eq(instances.tenantId, sql.placeholder('tenantId')), withSearch ? sql.placeholder('pattern') : undefined)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(withSearch ? 'instances_list_search' : 'instances_list');
  const listPrepared = (withSearch: boolean) => {
    let statement = prepared.get(withSearch);
    if (!statement) prepared.set(withSearch, (statement = prepareList(withSearch)));
    return statement;
  };

  return {
    /** One page of live instances, newest first, and how many match in all (one round trip). */
    async list(scope: InstanceScope, q: { page: number; limit: number; search?: string }) {
      const pattern = q.search ? `%${likeEscape(q.search)}%` : undefined;
      const page = { limit: q.limit, offset: (q.page - 1) * q.limit };
      const rows =
        scope.ids === null
          ? await listPrepared(pattern !== undefined).execute({ tenantId: scope.tenantId, pattern, ...page })
          : await listQuery(scoped(scope), pattern).limit(page.limit).offset(page.offset);
      if (rows.length > 0 || q.page === 1) return { rows: rows.map((r) => r.row), total: rows[0]?.total ?? 0 };
      // A page past the end has no row to carry the total.
      const where = [scoped(scope), live, ...(pattern ? [ilike(instances.name, pattern)] : [])];
      const [row] = await db.select({ n: count() }).from(instances).where(and(...where));
      return { rows: [], total: row?.n ?? 0 };
    },

    /** Terminated instances are found too: the details screen shows them until it leaves. */
    async find(scope: InstanceScope, instanceId: string): Promise<InstanceRow | null> {
      const [row] = await db.select().from(instances).where(and(scoped(scope), eq(instances.instanceId, instanceId))).limit(1);
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
    async lockAccount(tenantId: string): Promise<void> {
      await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
    },

    async events(tenantId: string, instanceId: string, q: { page: number; limit: number; query?: string }) {
      const where = [eq(instanceActivities.tenantId, tenantId), eq(instanceActivities.instanceId, instanceId)];
      if (q.query) {
        const needle = q.query.toLowerCase();
        const pattern = `%${likeEscape(q.query)}%`;
        // The Events tab shows labels ('SSO Update'), so a search matches them as well as the stored keys.
        const byLabel = (Object.entries(INSTANCE_ACTIVITY_LABELS) as [InstanceActivityAction, string][])
          .filter(([, label]) => label.toLowerCase().includes(needle))
          .map(([action]) => action);
        const matches = [ilike(instanceActivities.comments, pattern), ilike(instanceActivities.userName, pattern), ilike(instanceActivities.action, pattern)];
        if (byLabel.length) matches.push(inArray(instanceActivities.action, byLabel));
        where.push(or(...matches)!);
      }
      const rows = await db
        .select({ row: instanceActivities, total: sql<number>`count(*) over()`.mapWith(Number) })
        .from(instanceActivities)
        .where(and(...where))
        .orderBy(desc(instanceActivities.createdAt), desc(instanceActivities.activityId))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      if (rows.length > 0 || q.page === 1) return { rows: rows.map((r) => r.row), total: rows[0]?.total ?? 0 };
      const [row] = await db.select({ n: count() }).from(instanceActivities).where(and(...where));
      return { rows: [], total: row?.n ?? 0 };
    },

    /** Claims an idempotency key; false when it is already there (the caller then reads it). Waits for a concurrent claimer to finish. */
    async claimKey(tenantId: string, key: string, requestHash: string): Promise<boolean> {
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ tenantId, key, requestHash, status: 0, response: {} })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
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

export type InstancesRepo = ReturnType<typeof instancesRepo>;
