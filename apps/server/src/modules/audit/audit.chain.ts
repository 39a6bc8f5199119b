import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { chainAfter, type AuditFields } from '@replay/audit-chain';
import type { Db } from '../../db/client';
import { auditTrail } from '../../db/schema';

export type AuditInsert = typeof auditTrail.$inferInsert;
type AuditRow = typeof auditTrail.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Any number arbitrary but fixed: the class of the per-account chain locks (two-key advisory locks, apart from the migration lock's one-key space). */
const CHAIN_LOCK_CLASS = 72_144_002;

/** What the hash covers, as the database will hand it back: JSON values round-tripped, no undefined, whole milliseconds. */
export function fieldsOf(row: AuditInsert | AuditRow): AuditFields {
  const json = (v: unknown): unknown => (v === undefined || v === null ? null : (JSON.parse(JSON.stringify(v)) as unknown));
  return {
    id: row.id,
    tenantId: row.tenantId,
    userId: row.userId ?? null,
    apiKeyId: row.apiKeyId ?? null,
    username: row.username,
    email: row.email,
    action: row.action,
    method: row.method,
    route: row.route,
    endpoint: row.endpoint,
    parameters: json(row.parameters) as Record<string, unknown>,
    payload: json(row.payload),
    status: row.status,
    instanceId: row.instanceId ?? null,
    requestId: row.requestId,
    createdAt: (row.createdAt ?? new Date()).getTime(),
  };
}

/**
 * Holds the account's chain until the transaction ends: every console process
 * appending to it (or chaining old rows) takes the same lock, so two writers
 * never read the same head and the chain never forks.
 */
async function lockChain(tx: Tx, tenantId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_CLASS}::int, hashtext(${tenantId}))`);
}

async function headOf(tx: Tx, tenantId: string): Promise<{ seq: number; hash: string } | null> {
  const [head] = await tx
    .select({ seq: auditTrail.seq, hash: auditTrail.hash })
    .from(auditTrail)
    .where(and(eq(auditTrail.tenantId, tenantId), isNotNull(auditTrail.seq)))
    .orderBy(desc(auditTrail.seq))
    .limit(1);
  return head?.seq && head.hash ? { seq: head.seq, hash: head.hash } : null;
}

/** Appends one record to its account's chain: lock, read the head, insert the next link, in one transaction. */
export async function appendChained(db: Db, row: AuditInsert): Promise<void> {
  await db.transaction(async (tx) => {
    await lockChain(tx, row.tenantId);
    const fields = fieldsOf(row);
    const next = chainAfter(await headOf(tx, row.tenantId), fields);
    await tx.insert(auditTrail).values({
      ...row,
      parameters: fields.parameters,
      payload: fields.payload,
      createdAt: new Date(fields.createdAt),
      seq: next.seq,
      prevHash: next.prevHash,
      hash: next.hash,
    });
  });
}

const CHAIN_BATCH = 500;

/**
 * The startup step that chains rows written before the chain existed (migration
 * audit_chain), account by account, oldest first (time, then id), after any row
 * already chained; then validates the CHECK that every row is chained. Safe to run
 * in every console process at once: each account is chained under its lock, and a
 * row once chained is skipped. Returns how many rows it chained.
 */
export async function chainUnchainedRows(db: Db): Promise<number> {
  let chained = 0;
  const accounts = await db.selectDistinct({ tenantId: auditTrail.tenantId }).from(auditTrail).where(isNull(auditTrail.hash));
  for (const { tenantId } of accounts) {
    for (;;) {
      const done = await db.transaction(async (tx) => {
        await lockChain(tx, tenantId);
        const rows = await tx
          .select()
          .from(auditTrail)
          .where(and(eq(auditTrail.tenantId, tenantId), isNull(auditTrail.hash)))
          .orderBy(asc(auditTrail.createdAt), asc(auditTrail.id))
          .limit(CHAIN_BATCH);
        let head = await headOf(tx, tenantId);
        for (const row of rows) {
          const next = chainAfter(head, fieldsOf(row));
          await tx.update(auditTrail).set({ seq: next.seq, prevHash: next.prevHash, hash: next.hash }).where(eq(auditTrail.id, row.id));
          head = next;
        }
        chained += rows.length;
        return rows.length < CHAIN_BATCH;
      });
      if (done) break;
    }
  }
  const result = await db.execute(sql`select not convalidated as pending from pg_constraint where conname = 'audit_trail_chained'`);
  const [constraint] = (result as unknown as { rows: { pending: boolean }[] }).rows;
  if (constraint?.pending) await db.execute(sql`alter table audit_trail validate constraint audit_trail_chained`);
  return chained;
}
