import { and, asc, count, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AvatarIcon } from '@replay/contracts';
import type { Db } from '../../db/client';
import { roles, tenants, users } from '../../db/schema';
import { readPage, totalOver, type PageQuery } from '../../lib/paging';
import { likePattern } from '../../lib/sql-filters';
import { inTenant, memberChanges } from './members.changes-repo';

/** A member as the Team screen needs it: the user row and the role it holds. */
export interface MemberRow {
  id: string;
  tenantId: string;
  name: string;
  email: string;
  avatar: AvatarIcon | null;
  admin: boolean;
  superAdmin: boolean;
  joinedAt: Date | null;
  createdAt: Date;
  invitationTokenSealed: string | null;
  invitationExpiresAt: Date | null;
  /** Provisioned by the account's identity provider (SCIM): 'active' while a member. */
  scimState: 'active' | 'inactive' | null;
  role: { id: string; name: string; permissions: string[]; allInstances: boolean; instances: string[]; protected: boolean } | null;
}

const columns = {
  id: users.id,
  tenantId: users.tenantId,
  name: users.name,
  email: users.email,
  avatar: users.avatar,
  admin: users.admin,
  superAdmin: users.superAdmin,
  joinedAt: users.joinedAt,
  createdAt: users.createdAt,
  invitationTokenSealed: users.invitationTokenSealed,
  invitationExpiresAt: users.invitationExpiresAt,
  scimState: users.scimState,
  roleId: roles.id,
  roleName: roles.name,
  rolePermissions: roles.permissions,
  roleAllInstances: roles.allInstances,
  roleInstances: roles.instances,
  roleProtected: roles.protected,
};

interface Selected extends Omit<MemberRow, 'role'> {
  roleId: string | null;
  roleName: string | null;
  rolePermissions: string[] | null;
  roleAllInstances: boolean | null;
  roleInstances: string[] | null;
  roleProtected: boolean | null;
}

function toRow(r: Selected): MemberRow {
  const { roleId, roleName, rolePermissions, roleAllInstances, roleInstances, roleProtected, ...user } = r;
  return {
    ...user,
    role:
      roleId && roleName !== null
        ? {
            id: roleId,
            name: roleName,
            permissions: rolePermissions ?? [],
            allInstances: roleAllInstances ?? false,
            instances: roleInstances ?? [],
            protected: roleProtected ?? false,
          }
        : null,
  };
}

/** Team members of one account; every query is tenant-scoped except the invitation lookup, which says why. */
export function membersRepo(db: Db) {
  const select = () => db.select(columns).from(users).leftJoin(roles, eq(roles.id, users.roleId));

  return {
    async page(tenantId: string, opts: PageQuery & { query?: string }): Promise<{ rows: MemberRow[]; total: number }> {
      const text = opts.query?.trim();
      const match: SQL | undefined = text ? or(ilike(users.name, likePattern(text)), ilike(users.email, likePattern(text)), ilike(roles.name, likePattern(text))) : undefined;
      const where = and(inTenant(tenantId), match);
      const { rows, total } = await readPage(
        opts,
        (limit, offset) =>
          db
            .select({ ...columns, total: totalOver() })
            .from(users)
            .leftJoin(roles, eq(roles.id, users.roleId))
            .where(where)
            .orderBy(asc(users.createdAt), asc(users.id))
            .limit(limit)
            .offset(offset),
        () => db.select({ n: count() }).from(users).leftJoin(roles, eq(roles.id, users.roleId)).where(where),
      );
      return { rows: rows.map(({ total: _total, ...row }) => toRow(row)), total };
    },

    async find(tenantId: string, userId: string): Promise<MemberRow | null> {
      const [row] = await select()
        .where(and(inTenant(tenantId), eq(users.id, userId)))
        .limit(1);
      return row ? toRow(row) : null;
    },

    /** Emails are unique across every account: an email is how a person signs in. */
    async emailInUse(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNull(users.deletedAt)))
        .limit(1);
      return Boolean(row);
    },

    /** Seats taken: joined members and pending invitations alike. */
    async countSeats(tenantId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users).where(inTenant(tenantId));
      return row?.n ?? 0;
    },

    /** Seats taken, with the account's row locked until the transaction ends: two invites at once are counted one after the other. */
    async lockAndCountSeats(tenantId: string): Promise<number> {
      await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
      return this.countSeats(tenantId);
    },

    /** Owners: joined members holding the protected Owner role, or the super admin. */
    async countOwners(tenantId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .leftJoin(roles, eq(roles.id, users.roleId))
        .where(and(inTenant(tenantId), isNotNull(users.joinedAt), or(eq(users.superAdmin, true), eq(roles.protected, true))));
      return row?.n ?? 0;
    },

    ...memberChanges(db),
  };
}

export type MembersRepo = ReturnType<typeof membersRepo>;
