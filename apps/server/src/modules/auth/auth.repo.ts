import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, tenants, users } from '../../db/schema';

/** What sign-in needs to know about the holder of an email. */
export interface Credentials {
  userId: string;
  tenantId: string;
  email: string;
  passwordHash: string | null;
  joined: boolean;
}

export interface NewAccount {
  tenant: typeof tenants.$inferInsert;
  ownerRole: typeof roles.$inferInsert;
  /** The roles a team needs on day one (contracts' STARTER_ROLES), so the first invite has a role to give. */
  starterRoles: (typeof roles.$inferInsert)[];
  user: typeof users.$inferInsert;
}

/**
 * The one lookup that cannot be tenant-scoped: an email is unique across
 * every tenant, because it is how a person signs in before any tenant is known.
 */
export function authRepo(db: Db) {
  return {
    async findByEmail(email: string): Promise<Credentials | null> {
      const [row] = await db
        .select({
          userId: users.id,
          tenantId: users.tenantId,
          email: users.email,
          passwordHash: users.passwordHash,
          joinedAt: users.joinedAt,
        })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNull(users.deletedAt)))
        .limit(1);
      if (!row) return null;
      const { joinedAt, ...rest } = row;
      return { ...rest, joined: joinedAt !== null };
    },

    /** Marks a password that no longer passes the strength rule: the next calls open only the account and the change. */
    async requirePasswordChange(userId: string): Promise<void> {
      await db.update(users).set({ passwordChangeRequired: true }).where(eq(users.id, userId));
    },

    /** Whether an account (closed ones too) has this id: a sign-up may choose its account's id. */
    async tenantExists(tenantId: string): Promise<boolean> {
      const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
      return row !== undefined;
    },

    /** Tenant, its protected Owner role, its starter roles and the owner, all or nothing. */
    async createAccount(input: NewAccount): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(tenants).values(input.tenant);
        await tx.insert(roles).values([input.ownerRole, ...input.starterRoles]);
        await tx.insert(users).values(input.user);
      });
    },
  };
}
