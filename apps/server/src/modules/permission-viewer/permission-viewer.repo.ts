import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, instances, roles, users } from '../../db/schema';
import { principalColumns, principalOfRow, type Principal, type PrincipalRow } from '../../lib/principal';

/** A member as the viewer judges them: null `principal` for one who has not joined (no caller yet). */
export interface MemberSubject {
  userId: string;
  name: string;
  email: string;
  principal: Principal | null;
}

/** The account's members (one when `userId` is given), each with the principal the guard would build for them. */
export async function loadMemberSubjects(db: Db, tenantId: string, userId?: string): Promise<MemberSubject[]> {
  const rows = await db
    .select(principalColumns)
    .from(users)
    .leftJoin(roles, and(eq(roles.id, users.roleId), isNull(roles.deletedAt)))
    .where(and(eq(users.tenantId, tenantId), isNull(users.deletedAt), userId === undefined ? undefined : eq(users.id, userId)))
    .orderBy(users.name, users.id);
  return rows.map((row) => ({ userId: row.user.id, name: row.user.name, email: row.user.email, principal: principalOfRow(row as PrincipalRow, null) }));
}

/** Whether the account holds this instance (terminated ones too, as the instance routes find them). */
export async function instanceOfAccount(db: Db, tenantId: string, instanceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: instances.instanceId })
    .from(instances)
    .where(and(eq(instances.tenantId, tenantId), eq(instances.instanceId, instanceId)))
    .limit(1);
  return row !== undefined;
}

/** An API key of the account, live or not (a revoked key is still shown, holding nothing). */
export async function keyOfAccount(db: Db, tenantId: string, keyId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: apiKeys.id, name: apiKeys.name })
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, keyId)))
    .limit(1);
  return row ?? null;
}
