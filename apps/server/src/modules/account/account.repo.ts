import { and, count, eq, isNull } from 'drizzle-orm';
import type { AvatarIcon } from '@replay/contracts';
import type { Db } from '../../db/client';
import { tenants, users } from '../../db/schema';

/** The account's queries, every one scoped to the caller's tenant. */
export function accountRepo(db: Db) {
  return {
    async load(tenantId: string, userId: string) {
      const [row] = await db
        .select({
          tenant: tenants,
          passwordHash: users.passwordHash,
          emailVerifiedAt: users.emailVerifiedAt,
          avatar: users.avatar,
          userCreatedAt: users.createdAt,
        })
        .from(users)
        .innerJoin(tenants, eq(tenants.id, users.tenantId))
        .where(and(eq(users.id, userId), eq(users.tenantId, tenantId), isNull(users.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    /** Seats taken: joined members and pending invitations alike. */
    async countMembers(tenantId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), isNull(users.deletedAt)));
      return row?.n ?? 0;
    },

    async rename(tenantId: string, userId: string, names: { name: string; tenantName?: string }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ name: names.name })
          .where(and(eq(users.id, userId), eq(users.tenantId, tenantId), isNull(users.deletedAt)));
        if (names.tenantName !== undefined) {
          await tx.update(tenants).set({ name: names.tenantName }).where(eq(tenants.id, tenantId));
        }
      });
    },

    async setAvatar(tenantId: string, userId: string, avatar: AvatarIcon | null): Promise<void> {
      await db
        .update(users)
        .set({ avatar })
        .where(and(eq(users.id, userId), eq(users.tenantId, tenantId), isNull(users.deletedAt)));
    },

    async passwordHash(tenantId: string, userId: string): Promise<string | null> {
      const [row] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.tenantId, tenantId), isNull(users.deletedAt)))
        .limit(1);
      return row?.passwordHash ?? null;
    },

    async setPasswordHash(tenantId: string, userId: string, passwordHash: string): Promise<void> {
      await db
        .update(users)
        // A password chosen now passes the strength rule: nothing left to change.
        .set({ passwordHash, passwordChangeRequired: false })
        .where(and(eq(users.id, userId), eq(users.tenantId, tenantId), isNull(users.deletedAt)));
    },
  };
}

/** The member and their account, as the account answer is built from. */
export type AccountRow = NonNullable<Awaited<ReturnType<ReturnType<typeof accountRepo>['load']>>>;
