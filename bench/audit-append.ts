/**
 * What the audit chain costs a write: N records appended to one account through
 * `appendChained` (advisory lock, pending-row check, head lookup, insert, in one
 * transaction) beside N plain single-statement inserts of the same rows into another
 * account, one at a time, then the chained appends again from 8 writers at once (all
 * serialized on the account's lock). On PostgreSQL at BENCH_DATABASE_URL (a temp
 * database). Figures only, never assertions.
 */
import { performance } from 'node:perf_hooks';
import type { Db } from '../apps/server/src/db/client';
import { auditTrail } from '../apps/server/src/db/schema';
import { newId } from '../apps/server/src/lib/ids';
import { appendChained, type AuditInsert } from '../apps/server/src/modules/audit/audit.chain';
import { seedAccounts, withTempDatabase } from './support';

const N = Number(process.env.RECORDS ?? 1000);

const row = (tenantId: string, i: number): AuditInsert => ({
  id: newId(),
  tenantId,
  userId: null,
  username: 'Bench',
  email: 'bench@example.com',
  action: 'Invite member',
  method: 'POST',
  route: '/api/client/members',
  endpoint: '/api/client/members',
  parameters: { i },
  payload: { name: `Person ${i}`, email: `p${i}@example.com`, admin: false },
  status: 201,
  requestId: `r${i}`,
  createdAt: new Date(),
});

async function timed(run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  return (performance.now() - start) / N;
}

export async function benchAuditAppend() {
  return withTempDatabase(async (database) => {
    const db: Db = database.db;
    const [plain, chained, parallel] = await seedAccounts(database, { accounts: 3, perAccount: 1 });
    const plainMs = await timed(async () => {
      // Given the chain columns, as an insert with no chain would have to be, minus the chain's work.
      for (let i = 0; i < N; i += 1) await db.insert(auditTrail).values({ ...row(plain!.tenantId, i), seq: i + 1, prevHash: '0', hash: '0' });
    });
    const chainedMs = await timed(async () => {
      for (let i = 0; i < N; i += 1) await appendChained(db, row(chained!.tenantId, i));
    });
    const parallelMs = await timed(async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < N) await appendChained(db, row(parallel!.tenantId, next++));
        }),
      );
    });
    return { records: N, plainMs, chainedMs, parallelMs };
  });
}

export function auditAppendReport(f: Awaited<ReturnType<typeof benchAuditAppend>>): string[] {
  return [
    `audit append (${f.records} records, PostgreSQL): plain insert ${f.plainMs.toFixed(2)} ms/record, chained ${f.chainedMs.toFixed(2)} ms/record (×${(f.chainedMs / f.plainMs).toFixed(1)}), chained from 8 writers on one account ${f.parallelMs.toFixed(2)} ms/record`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of auditAppendReport(await benchAuditAppend())) console.log(line);
