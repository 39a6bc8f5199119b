import { and, eq, isNull } from 'drizzle-orm';
import { PERMISSIONS, type Permission } from '@replay/contracts';
import type { Db } from '../db/client';
import { roles, tenants, users } from '../db/schema';

/** The caller of a request, read from the database on every request (never trusted from the token). */
export interface Principal {
  userId: string;
  tenantId: string;
  email: string;
  name: string;
  admin: boolean;
  superAdmin: boolean;
  permissions: Permission[];
  role: { id: string; name: string; allInstances: boolean; instances: string[]; protected: boolean } | null;
}

export async function loadPrincipal(db: Db, userId: string, tenantId: string): Promise<Principal | null> {
  const [row] = await db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(roles, and(eq(roles.id, users.roleId), isNull(roles.deletedAt)))
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId), isNull(users.deletedAt)))
    .limit(1);
  if (!row || !row.user.joinedAt) return null;
  const { user, role } = row;
  const granted = new Set(role?.permissions ?? []);
  return {
    userId: user.id,
    tenantId: user.tenantId,
    email: user.email,
    name: user.name,
    admin: user.admin,
    superAdmin: user.superAdmin,
    permissions: PERMISSIONS.filter((p) => granted.has(p)),
    role: role
      ? { id: role.id, name: role.name, allInstances: role.allInstances, instances: role.instances, protected: role.protected }
      : null,
  };
}
