import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, roles, users } from '../../db/schema';

/** A key with what the list shows beside it: its role (null once deleted) and its creator. */
const listedColumns = {
  key: apiKeys,
  roleName: roles.name,
  rolePermissions: roles.permissions,
  roleAllInstances: roles.allInstances,
  roleInstances: roles.instances,
  createdByName: users.name,
};

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ListedKeyRow = { key: ApiKeyRow; roleName: string | null; rolePermissions: string[] | null; roleAllInstances: boolean | null; roleInstances: string[] | null; createdByName: string };

/** The account's API keys; every query names the account, so another account's key is never found. */
export function apiKeysRepo(db: Db) {
  const listed = () =>
    db
      .select(listedColumns)
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.createdBy))
      .leftJoin(roles, and(eq(roles.id, apiKeys.roleId), isNull(roles.deletedAt)));

  return {
    async list(tenantId: string): Promise<ListedKeyRow[]> {
      return listed().where(eq(apiKeys.tenantId, tenantId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    },

    async find(tenantId: string, keyId: string): Promise<ListedKeyRow | null> {
      const [row] = await listed()
        .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, keyId)))
        .limit(1);
      return row ?? null;
    },

    async insert(row: typeof apiKeys.$inferInsert): Promise<void> {
      await db.insert(apiKeys).values(row);
    },

    /** The new secret in place; the old one valid until `previousValidUntil`. Only a live key rotates (compare-and-set on its current digest). */
    async rotate(tenantId: string, keyId: string, expectedHash: string, next: { secretHash: string; previousValidUntil: Date }): Promise<boolean> {
      const rows = await db
        .update(apiKeys)
        .set({ secretHash: next.secretHash, previousSecretHash: expectedHash, previousValidUntil: next.previousValidUntil })
        .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, keyId), eq(apiKeys.secretHash, expectedHash), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return rows.length === 1;
    },

    /** Every live key a member made, revoked at their removal (the WHERE keeps earlier revocation times). */
    async revokeCreatedBy(tenantId: string, userId: string, at: Date): Promise<void> {
      await db
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.createdBy, userId), isNull(apiKeys.revokedAt)));
    },

    /** Revokes once; a second revocation keeps the first time. */
    async revoke(tenantId: string, keyId: string, at: Date): Promise<void> {
      await db
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));
    },
  };
}
