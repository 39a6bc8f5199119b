import { and, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { emailDomainOf } from '@replay/contracts';
import type { Db } from '../../db/client';
import { roles, ssoConnections, ssoDomains, users } from '../../db/schema';

/**
 * Whether single sign-on is enforced for a member: their email's domain is verified by their
 * own account, whose connection is enforced. Read by the sign-in door (auth/sign-in.door.ts)
 * for every sign-in that proves a password.
 */
export async function ssoEnforcedFor(db: Db, member: { email: string; tenantId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: ssoDomains.id })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.tenantId, ssoDomains.tenantId))
    .where(and(eq(ssoDomains.tenantId, member.tenantId), eq(ssoDomains.domain, emailDomainOf(member.email)), isNotNull(ssoDomains.verifiedAt), eq(ssoConnections.state, 'enforced')))
    .limit(1);
  return row !== undefined;
}

/** The account's other owners and admins, who hear of a break-glass sign-in. */
export async function breakGlassWitnesses(db: Db, tenantId: string, exceptUserId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.tenantId, tenantId),
        ne(users.id, exceptUserId),
        isNull(users.deletedAt),
        isNotNull(users.joinedAt),
        or(eq(users.superAdmin, true), eq(users.admin, true), sql`${roles.protected} = true`),
      ),
    );
  return rows.map((r) => r.email);
}
