import type { Db } from '../../src/db/client';
import { auditTrail } from '../../src/db/schema';
import { auditRepo } from '../../src/modules/audit/audit.repo';
import type { AuditInsert } from '../../src/modules/audit/audit.chain';

/**
 * The same database handle, whose audit-trail inserts go through `values`
 * (given the row and the real insert), in or out of a transaction: how the
 * tests make the database refuse audit writes.
 */
export function interceptAuditInserts(db: Db, values: (row: AuditInsert, insert: () => Promise<unknown>) => Promise<unknown>): Db {
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(inner, prop, receiver) {
        const real = inner as unknown as Db;
        if (prop === 'insert') {
          return (table: unknown) => {
            const insert = real.insert(table as never);
            if (table !== auditTrail) return insert;
            return { values: (row: AuditInsert) => values(row, () => insert.values(row as never)) };
          };
        }
        if (prop === 'transaction') {
          return (fn: (tx: unknown) => Promise<unknown>, config?: unknown) => real.transaction((tx) => fn(wrap(tx)), config as never);
        }
        return Reflect.get(inner, prop, receiver) as unknown;
      },
    });
  return wrap(db);
}

/** Audit rows written as the console writes them: each appended to its account's chain, in order. */
export async function insertAuditRows(db: Db, rows: AuditInsert[]): Promise<void> {
  const repo = auditRepo(db);
  for (const row of rows) await repo.insert(row);
}
