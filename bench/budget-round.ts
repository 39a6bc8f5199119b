/**
 * The budget round on PostgreSQL (BENCH_DATABASE_URL, default the local server): ACCOUNTS
 * accounts (default 2,000), each with an admin, a budget and 3 instances running since the
 * month's start (mixed sizes), the clock 15 days in, each budget set so the spend is about 80 %
 * of it. `runBudgetRound` is timed twice: the first tells 50 % and 75 % of every account (a
 * crossing row, an event and a mail each), the second must tell nothing (once per threshold per
 * period). A temp database is created and dropped afterwards. Figures only, never assertions of
 * time; a wrong count is reported as a failure.
 */
import { sql } from 'drizzle-orm';
import { SIZES, type InstanceSize } from '@replay/contracts';
import { budgets, instanceUsagePeriods, instances, mailOutbox, tenants, users } from '../apps/server/src/db/schema';
import { newId } from '../apps/server/src/lib/ids';
import { newTenantKey } from '../apps/server/src/modules/auth/keys';
import { runBudgetRound } from '../apps/server/src/modules/billing/budget.round';
import { spendOfAccounts } from '../apps/server/src/modules/billing/budget.spend';
import { insertChunked } from './billing-close';
import { withTempDatabase } from './support';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 2_000);
const DAY = 86_400_000;
const SIZE_LIST: InstanceSize[] = ['small', 'medium', 'large'];

export async function benchBudgetRound() {
  return withTempDatabase(async (database) => {
    const db = database.db;
    const today = new Date();
    const monthStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
    const now = monthStart + 15 * DAY + 60_000;
    const tenantRows: (typeof tenants.$inferInsert)[] = [];
    const userRows: (typeof users.$inferInsert)[] = [];
    const instanceRows: (typeof instances.$inferInsert)[] = [];
    const usageRows: (typeof instanceUsagePeriods.$inferInsert)[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const tenantId = newId();
      tenantRows.push({ id: tenantId, name: `Account ${i}`, tenantKey: newTenantKey(), trialEndsAt: new Date(monthStart), createdAt: new Date(monthStart) });
      userRows.push({ id: newId(), tenantId, email: `owner-${i}@example.com`, name: `Owner ${i}`, admin: true });
      for (let n = 0; n < 3; n++) {
        const instanceId = newId();
        const size = SIZE_LIST[(i + n) % 3] as InstanceSize;
        instanceRows.push({ instanceId, tenantId, name: `I ${n}`, status: 'running', provider: 'aws', region: 'us-east-1', size, url: `b-${i}-${n}`, version: '1.21', diskSize: SIZES[size].diskGb });
        usageRows.push({ id: newId(), instanceId, tenantId, status: 'running', size, diskGb: SIZES[size].diskGb, startedAt: new Date(monthStart), endedAt: null });
      }
    }
    await insertChunked(tenantRows, 5000, (part) => db.insert(tenants).values(part));
    await insertChunked(userRows, 4000, (part) => db.insert(users).values(part));
    await insertChunked(instanceRows, 3000, (part) => db.insert(instances).values(part));
    await insertChunked(usageRows, 5000, (part) => db.insert(instanceUsagePeriods).values(part));
    // Each budget at the spend / 0.8, whole cents: 50 % and 75 % reached, 100 % not.
    const spends = await spendOfAccounts(
      db,
      tenantRows.map((t) => ({ tenantId: t.id!, start: monthStart, trialEndsAt: monthStart })),
      now,
    );
    const budgetRows = tenantRows.map((t) => {
      const amount = Math.ceil((spends.get(t.id!)!.spend * 1.25) / 10_000) * 10_000;
      return { tenantId: t.id!, amount, thresholds: [50, 75, 100], hardStop: false, createdAt: new Date(now), updatedAt: new Date(now), updatedBy: null };
    });
    await insertChunked(budgetRows, 4000, (part) => db.insert(budgets).values(part));
    await db.execute(sql`vacuum analyze`);

    const mailer = {
      queue: async (tx: typeof db, m: { to: string; subject: string; text: string }) => void (await tx.insert(mailOutbox).values({ id: newId(), ...m, html: null, transport: 'outbox' })),
    };
    const deps = { db, clock: { now: () => new Date(now) }, mailer, productName: 'Replay', publicUrl: 'http://console.test' };
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const first = await runBudgetRound(deps);
    const firstMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const againStarted = performance.now();
    const second = await runBudgetRound(deps);
    const secondMs = performance.now() - againStarted;
    const failures: string[] = [];
    if (first.crossings !== 2 * ACCOUNTS) failures.push(`the first round told ${first.crossings} crossings (expected ${2 * ACCOUNTS})`);
    if (second.crossings !== 0) failures.push(`the second round told ${second.crossings} (expected 0)`);
    return { accounts: ACCOUNTS, first: { ...first, ms: Math.round(firstMs), cpuMs: Math.round((cpu.user + cpu.system) / 1000) }, second: { ...second, ms: Math.round(secondMs) }, failures };
  });
}

export function budgetRoundReport(r: Awaited<ReturnType<typeof benchBudgetRound>>): string[] {
  return [
    `budget round (${r.accounts} budgeted accounts, 3 instances each, 15 days metered): first ${r.first.ms} ms telling ${r.first.crossings} crossings (Node CPU ${r.first.cpuMs} ms, ${(r.first.ms / r.accounts).toFixed(2)} ms an account); second ${r.second.ms} ms telling ${r.second.crossings}${r.failures.length ? `; FAILED: ${r.failures.join('; ')}` : ''}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchBudgetRound();
  for (const line of budgetRoundReport(r)) console.log(line);
  if (r.failures.length) process.exitCode = 1;
}
