import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { loggerOptions, sessionSettings } from '../../db/schema';

/** The table of each account-wide setting (db/schema/account-setting.ts's columns): one row per account, none until a member saves. */
export type AccountSettingTable = typeof sessionSettings | typeof loggerOptions;

/** A setting's row: its value, save count and last change. */
export type AccountSettingRow<T extends AccountSettingTable> = T['$inferSelect'];

export interface AccountSettingQueries<T extends AccountSettingTable> {
  find(tenantId: string): Promise<AccountSettingRow<T> | null>;
  /** Saves the whole value and counts the version up, in one statement, so two saves at once get two versions. */
  save(tenantId: string, userId: string, value: AccountSettingRow<T>['value'], at: Date): Promise<AccountSettingRow<T>>;
}

function queriesOf(db: Db, table: AccountSettingTable): AccountSettingQueries<AccountSettingTable> {
  return {
    async find(tenantId) {
      const [row] = await db.select().from(table).where(eq(table.tenantId, tenantId)).limit(1);
      return row ?? null;
    },

    async save(tenantId, userId, value, at) {
      const [row] = await db
        .insert(table)
        .values({ tenantId, value, version: 1, updatedAt: at, updatedBy: userId })
        .onConflictDoUpdate({
          target: table.tenantId,
          set: { value, version: sql`${table.version} + 1`, updatedAt: at, updatedBy: userId },
        })
        .returning();
      return row!;
    },
  };
}

/** One setting's queries over `db` (which may be a transaction); every query names its account. */
export function accountSettingTable<T extends AccountSettingTable>(table: T): (db: Db) => AccountSettingQueries<T> {
  // Drizzle cannot type a query over a table still generic; over the union it can, and a table
  // of the union only ever holds and returns its own rows.
  return (db) => queriesOf(db, table) as AccountSettingQueries<T>;
}
