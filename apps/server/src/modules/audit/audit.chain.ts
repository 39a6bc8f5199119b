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

const CHAIN_BATCH = 500;

/**
 * Chains the account's rows written without a link (before the chain existed, or by a
 * console of the release before during a rolling upgrade), oldest first (time, then id),
 * after the current head; inside a transaction holding the account's lock. Returns the
 * new head and how many rows it chained. Normally finds nothing, in an index of nothing.
 */
async function chainPending(tx: Tx, tenantId: string): Promise<{ head: { seq: number; hash: string } | null; chained: number }> {
  let head = await headOf(tx, tenantId);
  let chained = 0;
  for (;;) {
    const rows = await tx
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.tenantId, tenantId), isNull(auditTrail.hash)))
      .orderBy(asc(auditTrail.createdAt), asc(auditTrail.id))
      .limit(CHAIN_BATCH);
    for (const row of rows) {
      const next = chainAfter(head, fieldsOf(row));
      await tx.update(auditTrail).set({ seq: next.seq, prevHash: next.prevHash, hash: next.hash }).where(eq(auditTrail.id, row.id));
      head = next;
    }
    chained += rows.length;
    if (rows.length < CHAIN_BATCH) return { head, chained };
  }
}

/** Appends one record to its account's chain: lock, chain what is pending, insert the next link, in one transaction. */
export async function appendChained(db: Db, row: AuditInsert): Promise<void> {
  await db.transaction(async (tx) => {
    await lockChain(tx, row.tenantId);
    const { head } = await chainPending(tx, row.tenantId);
    const fields = fieldsOf(row);
    const next = chainAfter(head, fields);
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

/**
 * The startup step: chains every account's pending rows (see chainPending), so an
 * export made before the account's next call holds them. Safe in every console
 * process at once (each account under its lock). Returns how many rows it chained.
 */
export async function chainUnchainedRows(db: Db): Promise<number> {
  let chained = 0;
  const accounts = await db.selectDistinct({ tenantId: auditTrail.tenantId }).from(auditTrail).where(isNull(auditTrail.hash));
  for (const { tenantId } of accounts) {
    chained += await db.transaction(async (tx) => {
      await lockChain(tx, tenantId);
      return (await chainPending(tx, tenantId)).chained;
    });
  }
  return chained;
}
