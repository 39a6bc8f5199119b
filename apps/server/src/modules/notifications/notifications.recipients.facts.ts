import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { canOpenScreen, type Screen } from '@replay/contracts';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema';

export interface Recipient {
  userId: string;
  email: string;
}

/**
 * The account's members who would see the thing concerned: joined, not removed, whose role's
 * permissions open `screen` (contracts' one table, as the guard reads it) and, for an
 * instance, whose role reaches that instance (the instance scope rule). A notification or an
 * alert's mail goes to these and no one else.
 */
export async function recipientsOf(db: Db, tenantId: string, screen: Screen, instanceId: string | null): Promise<Recipient[]> {
  const rows = await db
    .select({ userId: users.id, email: users.email, superAdmin: users.superAdmin, permissions: roles.permissions, allInstances: roles.allInstances, instances: roles.instances })
    .from(users)
    .leftJoin(roles, and(eq(roles.id, users.roleId), isNull(roles.deletedAt)))
    .where(and(eq(users.tenantId, tenantId), isNull(users.deletedAt), isNotNull(users.joinedAt)));
  return rows
    .filter((r) => canOpenScreen(r.permissions ?? [], screen))
    .filter((r) => instanceId === null || r.superAdmin || r.allInstances === true || (r.instances ?? []).includes(instanceId))
    .map((r) => ({ userId: r.userId, email: r.email }));
}
