import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, scimGroupMembers, scimGroups, users } from '../../db/schema';
import type { FilterClause } from './scim-filter';

export interface ScimGroupRow {
  id: string;
  displayName: string;
  externalId: string | null;
  roleId: string | null;
  roleName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  id: scimGroups.id,
  displayName: scimGroups.displayName,
  externalId: scimGroups.externalId,
  roleId: scimGroups.roleId,
  roleName: roles.name,
  createdAt: scimGroups.createdAt,
  updatedAt: scimGroups.updatedAt,
};

function clauseSql(c: FilterClause): SQL {
  switch (c.attribute) {
    case 'displayname':
      return sql`lower(${scimGroups.displayName}) = lower(${String(c.value)})`;
    case 'externalid':
      return eq(scimGroups.externalId, String(c.value));
    case 'id':
      return eq(sql`${scimGroups.id}::text`, String(c.value));
    default:
      throw new Error(`unfilterable ${c.attribute}`);
  }
}
export const GROUP_FILTER_ATTRIBUTES = ['displayname', 'externalid', 'id'] as const;

export function scimGroupsRepo(db: Db) {
  const base = () =>
    db
      .select(columns)
      .from(scimGroups)
      .leftJoin(roles, and(eq(roles.id, scimGroups.roleId), isNull(roles.deletedAt)));
  return {
    async page(tenantId: string, clauses: FilterClause[], offset: number, limit: number): Promise<{ rows: ScimGroupRow[]; total: number }> {
      const where = and(eq(scimGroups.tenantId, tenantId), ...clauses.map(clauseSql));
      const [rows, [totals]] = await Promise.all([
        limit === 0 ? Promise.resolve([]) : base().where(where).orderBy(asc(scimGroups.createdAt), asc(scimGroups.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(scimGroups).where(where),
      ]);
      return { rows, total: totals?.n ?? 0 };
    },

    async find(tenantId: string, id: string): Promise<ScimGroupRow | null> {
      const [row] = await base()
        .where(and(eq(scimGroups.tenantId, tenantId), eq(scimGroups.id, id)))
        .limit(1);
      return row ?? null;
    },

    /** The members of groups, live members only, for the `members` attribute. */
    async membersOf(groupIds: string[]): Promise<Map<string, { value: string; display: string }[]>> {
      const out = new Map<string, { value: string; display: string }[]>();
      if (!groupIds.length) return out;
      const rows = await db
        .select({ groupId: scimGroupMembers.groupId, value: users.id, display: users.email })
        .from(scimGroupMembers)
        .innerJoin(users, eq(users.id, scimGroupMembers.userId))
        .where(and(inArray(scimGroupMembers.groupId, groupIds), isNull(users.deletedAt)))
        .orderBy(asc(users.email));
      for (const r of rows) out.set(r.groupId, [...(out.get(r.groupId) ?? []), { value: r.value, display: r.display }]);
      return out;
    },

    async memberIds(groupId: string): Promise<string[]> {
      const rows = await db.select({ userId: scimGroupMembers.userId }).from(scimGroupMembers).where(eq(scimGroupMembers.groupId, groupId));
      return rows.map((r) => r.userId);
    },

    /** The ids among `ids` that are live members of the account: a group never holds another account's user. */
    async liveUsersOf(tenantId: string, ids: string[]): Promise<string[]> {
      if (!ids.length) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), isNull(users.deletedAt), inArray(users.id, ids)));
      return rows.map((r) => r.id);
    },

    async insert(row: typeof scimGroups.$inferInsert): Promise<void> {
      await db.insert(scimGroups).values(row);
    },

    async update(tenantId: string, id: string, patch: Partial<Pick<typeof scimGroups.$inferInsert, 'displayName' | 'externalId' | 'roleId' | 'updatedAt'>>) {
      await db
        .update(scimGroups)
        .set(patch)
        .where(and(eq(scimGroups.tenantId, tenantId), eq(scimGroups.id, id)));
    },

    async remove(tenantId: string, id: string): Promise<void> {
      await db.delete(scimGroups).where(and(eq(scimGroups.tenantId, tenantId), eq(scimGroups.id, id)));
    },

    async addMembers(groupId: string, userIds: string[]): Promise<void> {
      if (!userIds.length) return;
      await db
        .insert(scimGroupMembers)
        .values(userIds.map((userId) => ({ groupId, userId })))
        .onConflictDoNothing();
    },

    async removeMembers(groupId: string, userIds: string[] | 'all'): Promise<void> {
      if (userIds === 'all') {
        await db.delete(scimGroupMembers).where(eq(scimGroupMembers.groupId, groupId));
        return;
      }
      if (!userIds.length) return;
      await db.delete(scimGroupMembers).where(and(eq(scimGroupMembers.groupId, groupId), inArray(scimGroupMembers.userId, userIds)));
    },
  };
}

/** Every group of the account with its member count, for the owner's screen. */
export async function scimGroupMappings(db: Db, tenantId: string) {
  return db
    .select({
      ...columns,
      members: sql<number>`(select count(*)::int from ${scimGroupMembers} join ${users} on ${users.id} = ${scimGroupMembers.userId} and ${users.deletedAt} is null where ${scimGroupMembers.groupId} = ${scimGroups.id})`,
    })
    .from(scimGroups)
    .leftJoin(roles, and(eq(roles.id, scimGroups.roleId), isNull(roles.deletedAt)))
    .where(eq(scimGroups.tenantId, tenantId))
    .orderBy(asc(scimGroups.createdAt), asc(scimGroups.id));
}
