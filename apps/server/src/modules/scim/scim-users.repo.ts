import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, scimGroupMembers, scimGroups, users } from '../../db/schema';
import type { FilterClause } from './scim-filter';

/** A user as SCIM reads them: the member's row, live or deactivated by SCIM. */
export interface ScimUserRow {
  id: string;
  email: string;
  name: string;
  givenName: string | null;
  familyName: string | null;
  externalId: string | null;
  active: boolean;
  createdAt: Date;
  updatedAt: Date | null;
}

const columns = {
  id: users.id,
  email: users.email,
  name: users.name,
  givenName: users.givenName,
  familyName: users.familyName,
  externalId: users.scimExternalId,
  active: sql<boolean>`${users.deletedAt} is null`,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** What SCIM sees of an account: its live members, and those SCIM deactivated (so it can reactivate them). */
const visible = (tenantId: string) => and(eq(users.tenantId, tenantId), or(isNull(users.deletedAt), eq(users.scimState, 'inactive')));

function clauseSql(c: FilterClause): SQL {
  switch (c.attribute) {
    case 'username':
    case 'emails.value':
      return sql`lower(${users.email}) = lower(${String(c.value)})`;
    case 'externalid':
      return eq(users.scimExternalId, String(c.value));
    case 'id':
      return eq(sql`${users.id}::text`, String(c.value));
    case 'active':
      return c.value === true || c.value === 'true' ? isNull(users.deletedAt) : isNotNull(users.deletedAt);
    default:
      throw new Error(`unfilterable ${c.attribute}`);
  }
}
export const USER_FILTER_ATTRIBUTES = ['username', 'emails.value', 'externalid', 'id', 'active'] as const;

export function scimUsersRepo(db: Db) {
  return {
    async page(tenantId: string, clauses: FilterClause[], offset: number, limit: number): Promise<{ rows: ScimUserRow[]; total: number }> {
      const where = and(visible(tenantId), ...clauses.map(clauseSql));
      const [rows, [totals]] = await Promise.all([
        limit === 0 ? Promise.resolve([]) : db.select(columns).from(users).where(where).orderBy(asc(users.createdAt), asc(users.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: totals?.n ?? 0 };
    },

    async find(tenantId: string, id: string): Promise<(ScimUserRow & { scimState: 'active' | 'inactive' | null }) | null> {
      const [row] = await db
        .select({ ...columns, scimState: users.scimState })
        .from(users)
        .where(and(visible(tenantId), eq(users.id, id)))
        .limit(1);
      return row ?? null;
    },

    /** The user's SCIM groups, for the `groups` attribute. */
    async groupsOf(userIds: string[]): Promise<Map<string, { value: string; display: string }[]>> {
      const out = new Map<string, { value: string; display: string }[]>();
      if (!userIds.length) return out;
      const rows = await db
        .select({ userId: scimGroupMembers.userId, value: scimGroups.id, display: scimGroups.displayName })
        .from(scimGroupMembers)
        .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
        .where(inArray(scimGroupMembers.userId, userIds))
        .orderBy(asc(scimGroups.createdAt), asc(scimGroups.id));
      for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), { value: r.value, display: r.display }]);
      return out;
    },

    async insert(row: typeof users.$inferInsert): Promise<void> {
      await db.insert(users).values(row);
    },

    async update(
      tenantId: string,
      id: string,
      patch: Partial<Pick<typeof users.$inferInsert, 'name' | 'givenName' | 'familyName' | 'scimExternalId' | 'email' | 'updatedAt' | 'scimState' | 'deletedAt'>>,
    ) {
      await db
        .update(users)
        .set(patch)
        .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
    },

    async emailInUse(email: string, exceptId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt), sql`${users.id} <> ${exceptId}`))
        .limit(1);
      return !!row;
    },

    /**
     * The role rule (docs/decisions/team.md): a member SCIM created ('active') holds the role of
     * the oldest of their groups mapped to a live role; in none, no role (no permission). The
     * owners' roles are never touched (the Owner role cannot be mapped, and SCIM creates no owner).
     */
    async applyGroupRoles(tenantId: string, userIds: string[]): Promise<void> {
      if (!userIds.length) return;
      const mapped = sql`(select ${scimGroups.roleId} from ${scimGroupMembers}
        join ${scimGroups} on ${scimGroups.id} = ${scimGroupMembers.groupId}
        join ${roles} on ${roles.id} = ${scimGroups.roleId} and ${roles.deletedAt} is null and not ${roles.protected}
        where ${scimGroupMembers.userId} = ${users.id}
        order by ${scimGroups.createdAt}, ${scimGroups.id} limit 1)`;
      await db
        .update(users)
        .set({ roleId: mapped })
        .where(and(eq(users.tenantId, tenantId), eq(users.scimState, 'active'), inArray(users.id, userIds)));
    },
  };
}
