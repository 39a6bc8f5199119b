import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { PERMISSIONS, type Permission } from '@replay/contracts';
import type { Db } from '../db/client';
import { roles, users } from '../db/schema';

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

/** Only the columns a principal needs: every column costs a parser per row. */
const principalColumns = {
  user: {
    id: users.id,
    tenantId: users.tenantId,
    email: users.email,
    name: users.name,
    admin: users.admin,
    superAdmin: users.superAdmin,
    // Only whether they have joined: a timestamp would be parsed into a Date on every request.
    joined: sql<boolean>`${users.joinedAt} is not null`,
  },
  role: {
    id: roles.id,
    name: roles.name,
    permissions: roles.permissions,
    allInstances: roles.allInstances,
    instances: roles.instances,
    protected: roles.protected,
  },
};

/**
 * The caller's row, named by the placeholders `userId` and `tenantId`, with
 * `extra` columns beside it. A busy read can add its own data as a subquery
 * that refers to `users.tenantId`, and so learn who is asking and what they
 * asked for in one round trip (see listWithCaller in instances.caller-list.ts).
 */
export function selectPrincipal<Extra extends Record<string, SQL.Aliased | SQL>>(db: Db, extra: Extra) {
  return db
    .select({ ...principalColumns, ...extra })
    // No join to tenants: the foreign key vouches for the account, and accounts are never deleted.
    .from(users)
    .leftJoin(roles, and(eq(roles.id, users.roleId), isNull(roles.deletedAt)))
    .where(and(eq(users.id, sql.placeholder('userId')), eq(users.tenantId, sql.placeholder('tenantId')), isNull(users.deletedAt)))
    .limit(1);
}

type PrincipalRow = {
  user: { id: string; tenantId: string; email: string; name: string; admin: boolean; superAdmin: boolean; joined: boolean };
  role: { id: string; name: string; permissions: string[]; allInstances: boolean; instances: string[]; protected: boolean } | null;
};

const USER_KEYS = Object.keys(principalColumns.user);
const ROLE_KEYS = Object.keys(principalColumns.role);
/** How many values a selectPrincipal row starts with; the extra columns follow. */
export const PRINCIPAL_WIDTH = USER_KEYS.length + ROLE_KEYS.length;

/** A selectPrincipal row read as an array (see RunPrepared), in the shape the ORM would have given. */
export function principalRowOfValues(values: unknown[]): PrincipalRow {
  const user = Object.fromEntries(USER_KEYS.map((key, i) => [key, values[i]])) as PrincipalRow['user'];
  const roleId = values[USER_KEYS.length];
  const role = roleId === null ? null : (Object.fromEntries(ROLE_KEYS.map((key, i) => [key, values[USER_KEYS.length + i]])) as PrincipalRow['role']);
  return { user, role };
}

/** A member who has not accepted their invitation yet is not anyone's caller. */
export function principalOfRow(row: PrincipalRow | undefined): Principal | null {
  if (!row || !row.user.joined) return null;
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

const prepare = (db: Db) => selectPrincipal(db, {}).prepare('load_principal');

/** Every request runs this query: prepared once per database handle, since building it through the ORM costs more than running it. */
const statements = new WeakMap<Db, ReturnType<typeof prepare>>();

export async function loadPrincipal(db: Db, userId: string, tenantId: string): Promise<Principal | null> {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = prepare(db)));
  const [row] = await statement.execute({ userId, tenantId });
  return principalOfRow(row);
}
