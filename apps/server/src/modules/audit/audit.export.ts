import { Readable } from 'node:stream';
import { and, asc, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { csvHeaderLine, csvHeadLine, csvRecordLine, GENESIS_HASH, jsonlHeadLine, jsonlRecordLine, signHead, type ChainedRecord, type SignedHead } from '@replay/audit-chain';
import { AUDIT_MESSAGES, type AuditExportFormat } from '@replay/contracts';
import type { Db } from '../../db/client';
import { auditTrail } from '../../db/schema';

type AuditRow = typeof auditTrail.$inferSelect;

import { badRequest } from '../../lib/errors';
import { fieldsOf } from './audit.chain';
import type { AuditSigningKey } from './audit.signing';
import type { Clock } from '../../lib/time';

/** Rows read a query at a time while streaming: a long chain is never held in memory whole. */
const EXPORT_BATCH = 1000;

export interface ChainExport {
  head: SignedHead;
  contentType: string;
  filename: string;
  body: Readable;
}

const CONTENT_TYPES: Record<AuditExportFormat, string> = { csv: 'text/csv; charset=utf-8', jsonl: 'application/jsonl; charset=utf-8' };

/**
 * An account's chain from `from` to `to` (default: the whole chain as it stands),
 * streamed, then its head signed. The head is read and signed first: records
 * appended while the export streams fall after it and are left for the next export.
 */
export async function exportChain(deps: { db: Db; clock: Clock; key: AuditSigningKey }, tenantId: string, q: { format: AuditExportFormat; from?: number; to?: number }): Promise<ChainExport> {
  const { db } = deps;
  const inAccount = eq(auditTrail.tenantId, tenantId);
  const [last] = await db
    .select({ seq: auditTrail.seq, hash: auditTrail.hash })
    .from(auditTrail)
    .where(and(inAccount, isNotNull(auditTrail.seq), q.to ? lte(auditTrail.seq, q.to) : undefined))
    .orderBy(desc(auditTrail.seq))
    .limit(1);
  const headSeq = last?.seq ?? 0;
  const fromSeq = q.from ?? 1;
  if (fromSeq > Math.max(headSeq, 1)) throw badRequest(AUDIT_MESSAGES.rangeAfterHead);
  const exportedAt = deps.clock.now();
  const head = signHead({ accountId: tenantId, fromSeq, headSeq, headHash: last?.hash ?? GENESIS_HASH, exportedAt: exportedAt.toISOString() }, deps.key.privateKey);

  const csv = q.format === 'csv';
  async function* lines(): AsyncGenerator<string> {
    if (csv) yield csvHeaderLine();
    // Keyset paging on (seq, id): a row that shares another's seq (the unique index dropped) is exported too, and caught.
    let after: { seq: number; id: string } | null = null;
    for (;;) {
      const rows: AuditRow[] = await db
        .select()
        .from(auditTrail)
        .where(and(inAccount, gte(auditTrail.seq, fromSeq), lte(auditTrail.seq, headSeq), after ? sql`(${auditTrail.seq}, ${auditTrail.id}) > (${after.seq}, ${after.id}::uuid)` : undefined))
        .orderBy(asc(auditTrail.seq), asc(auditTrail.id))
        .limit(EXPORT_BATCH);
      if (rows.length === 0) break;
      let chunk = '';
      for (const row of rows) {
        // As stored: the export never recomputes a hash, so whatever was changed in the database shows.
        const record: ChainedRecord = { ...fieldsOf(row), seq: row.seq!, prevHash: row.prevHash ?? '', hash: row.hash ?? '' };
        chunk += csv ? csvRecordLine(record) : jsonlRecordLine(record);
      }
      yield chunk;
      const lastRow = rows.at(-1)!;
      after = { seq: lastRow.seq!, id: lastRow.id };
      if (rows.length < EXPORT_BATCH) break;
    }
    yield csv ? csvHeadLine(head) : jsonlHeadLine(head);
  }

  const day = exportedAt.toISOString().slice(0, 10);
  return { head, contentType: CONTENT_TYPES[q.format], filename: `audit-chain-${day}.${q.format}`, body: Readable.from(lines()) };
}
