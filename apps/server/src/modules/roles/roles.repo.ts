import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instances, roles, users } from '../../db/schema';

export type RoleRow = typeof roles.$inferSelect & { memberCount: number };

/**
 * Members (joined or invited, not removed) holding the role. Spelled with
 * qualified names: the query builder leaves columns of a one-table select
 * unqualified, which inside this subquery would bind to users.
 */
const memberCount = sql<number>`(select count(*)::int from "users" as "holder" where "holder"."role_id" = "roles"."id" and "holder"."deleted_at" is null)`;

const live = (tenantId: string) => and(eq(roles.tenantId, tenantId), isNull(roles.deletedAt));

/** Roles of one account; every query is scoped to the tenant, so another account's id finds nothing. */
export function rolesRepo(db: Db) {
  return {
    /** The protected Owner role first, then the others as they were made (the starter roles, made with the account, by name). */
    async list(tenantId: string): Promise<RoleRow[]> {
      return db
        .select({ ...fields(), memberCount })
        .from(roles)
        .where(live(tenantId))
        .orderBy(desc(roles.protected), asc(roles.createdAt), asc(roles.name));
    },

    async find(tenantId: string, roleId: string): Promise<RoleRow | null> {
      const [row] = await db
        .select({ ...fields(), memberCount })
        .from(roles)
        .where(and(live(tenantId), eq(roles.id, roleId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Locks the role for the rest of the transaction: deleting a role and
     * assigning it to someone cannot interleave, so no member is left holding
     * a deleted role.
     */
    async lock(tenantId: string, roleId: string): Promise<typeof roles.$inferSelect | null> {
      const [row] = await db
        .select()
        .from(roles)
        .where(and(live(tenantId), eq(roles.id, roleId)))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    /** Case-insensitive, like the unique index. */
    async nameTaken(tenantId: string, name: string, exceptRoleId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(live(tenantId), eq(sql`lower(${roles.name})`, name.toLowerCase()), exceptRoleId ? ne(roles.id, exceptRoleId) : undefined))
        .limit(1);
      return Boolean(row);
    },

    async insert(row: typeof roles.$inferInsert): Promise<void> {
      await db.insert(roles).values(row);
    },

    async update(tenantId: string, roleId: string, patch: Pick<typeof roles.$inferInsert, 'name' | 'description' | 'permissions' | 'allInstances' | 'instances'>): Promise<void> {
      await db
        .update(roles)
        .set(patch)
        .where(and(live(tenantId), eq(roles.id, roleId)));
    },

    async countMembers(tenantId: string, roleId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.roleId, roleId), isNull(users.deletedAt)));
      return row?.n ?? 0;
    },

    /** Which of these ids are instances of the account (terminated ones no longer count). */
    async existingInstances(tenantId: string, ids: readonly string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: instances.instanceId })
        .from(instances)
        .where(and(eq(instances.tenantId, tenantId), inArray(instances.instanceId, [...ids]), isNull(instances.deletedAt)));
      return new Set(rows.map((r) => r.id));
    },

    /** Soft delete: removed members keep pointing at the role they had, and its name is free again. */
    async softDelete(tenantId: string, roleId: string, at: Date): Promise<void> {
      await db
        .update(roles)
        .set({ deletedAt: at })
        .where(and(live(tenantId), eq(roles.id, roleId)));
    },
  };
}

function fields() {
  return {
    id: roles.id,
    tenantId: roles.tenantId,
    name: roles.name,
    description: roles.description,
    permissions: roles.permissions,
    allInstances: roles.allInstances,
    instances: roles.instances,
    protected: roles.protected,
    createdAt: roles.createdAt,
    deletedAt: roles.deletedAt,
  };
}

export type RolesRepo = ReturnType<typeof rolesRepo>;
