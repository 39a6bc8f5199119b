/**
 * The month's close on PostgreSQL (BENCH_DATABASE_URL, default the local server):
 * 10,000 accounts created last month, 3 instances each (mixed providers, regions
 * and sizes; each account without billing details has its trial's free small
 * instance), each instance with a month of usage periods (3–6: created, running,
 * then a stop and start, a resize, a disk upgrade, a stop or a termination), a
 * third of the accounts with billing details. `runCloseRound` is timed with a clock
 * at the first of this month + 1 minute: total, accounts closed, invoices issued,
 * per account; then again, which must close nothing (exactly once). 5 random
 * accounts' invoices are checked against `meter()` run directly on their usage.
 * A temp database is created and dropped afterwards. Figures only, never
 * assertions of time; a wrong invoice or a second close is reported as a failure.
 */
import { sql } from 'drizzle-orm';
import { DAY_MS, PROVIDERS, REGIONS, SIZES, type InstanceSize, type InstanceStatus, type Provider } from '@replay/contracts';
import type { Db } from '../apps/server/src/db/client';
import { billingAccounts, instanceUsagePeriods, instances, tenants } from '../apps/server/src/db/schema';
import { newId } from '../apps/server/src/lib/ids';
import { newTenantKey } from '../apps/server/src/modules/auth/keys';
import { runCloseRound, toCents } from '../apps/server/src/modules/billing/billing.close';
import { meter, type MeteredPeriod } from '../apps/server/src/modules/billing/metering';
import { withTempDatabase } from './support';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 10_000);
const PER_ACCOUNT = 3;
const SAMPLES = 5;
const GRACE_DAYS = 14;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const SIZE_LIST: InstanceSize[] = ['small', 'medium', 'large'];

/** A small deterministic generator (mulberry32): the same history on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type UsageRow = typeof instanceUsagePeriods.$inferInsert;

/** A seeded instance as its usage history leaves it (status, size and disk of its last period). */
export function seededInstance(
  at: { instanceId: string; tenantId: string; n: number; provider: Provider; region: string; url: string; freeTrial: boolean; createdAt: number },
  last: { status: InstanceStatus; size: InstanceSize; diskGb: number },
): typeof instances.$inferInsert {
  const { n, createdAt, ...rest } = at;
  return {
    ...rest,
    name: `Instance ${n}`,
    status: last.status,
    size: last.size,
    version: '1.21',
    diskSize: last.diskGb,
    healthy: last.status === 'running',
    createdAt: new Date(createdAt),
    updatedAt: new Date(createdAt),
  };
}

/** Rows in multi-row inserts of `chunk` (PostgreSQL takes at most 65,535 parameters a statement). */
export async function insertChunked<T>(rows: T[], chunk: number, insert: (part: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) await insert(rows.slice(i, i + chunk));
}

/**
 * One instance's month as the usage repo writes it (contiguous periods, the current one
 * open, termination ending the last): created, running, then one of five stories.
 */
function historyOf(
  inst: { instanceId: string; tenantId: string; size: InstanceSize; createdAt: number },
  story: number,
  latest: number,
  rand: () => number,
): { periods: UsageRow[]; status: InstanceStatus; size: InstanceSize; diskGb: number } {
  const periods: UsageRow[] = [];
  let size = inst.size;
  let diskGb = SIZES[size].diskGb;
  let at = inst.createdAt;
  const step = (status: InstanceStatus, until: number | null) => {
    periods.push({ id: newId(), instanceId: inst.instanceId, tenantId: inst.tenantId, status, size, diskGb, startedAt: new Date(at), endedAt: until === null ? null : new Date(until) });
    if (until !== null) at = until;
  };
  // The change happens 3 to 20 days in, the second 1 to 6 days later, all before the month ends.
  const t1 = Math.min(at + 3 * DAY_MS + Math.floor(rand() * 17 * DAY_MS), latest - 8 * DAY_MS);
  const t2 = Math.min(t1 + DAY_MS + Math.floor(rand() * 5 * DAY_MS), latest);
  step('creating', at + 4 * MINUTE + Math.floor(rand() * 3 * MINUTE));
  step('running', t1);
  switch (story) {
    case 0: // stopped for a few days, started again
      step('stopping', t1 + MINUTE);
      step('stopped', t2);
      step('starting', t2 + 2 * MINUTE);
      step('running', null);
      return { periods, status: 'running', size, diskGb };
    case 1: {
      // Switch Instance to the next size up (large goes down to medium)
      step('upgrading', t1 + 6 * MINUTE);
      size = size === 'large' ? 'medium' : (SIZE_LIST[SIZE_LIST.indexOf(size) + 1] as InstanceSize);
      step('running', null);
      return { periods, status: 'running', size, diskGb };
    }
    case 2: // disk upgrade by 100 GB
      step('disk-upgrade', t1 + 10 * MINUTE);
      diskGb += 100;
      step('running', null);
      return { periods, status: 'running', size, diskGb };
    case 3: // stopped for good, still paying its disk
      step('stopping', t1 + MINUTE);
      step('stopped', null);
      return { periods, status: 'stopped', size, diskGb };
    default: // terminated: the last period ends, no new one
      step('terminating', t1 + 3 * MINUTE);
      return { periods, status: 'terminated', size, diskGb };
  }
}

/** 10,000 accounts created last month, 3 instances each and their usage, a third with billing details. */
async function seed(db: Db, lastMonth: number, thisMonth: number) {
  const rand = prng(20_260_101);
  const tenantRows: (typeof tenants.$inferInsert)[] = [];
  const accountRows: (typeof billingAccounts.$inferInsert)[] = [];
  const instanceRows: (typeof instances.$inferInsert)[] = [];
  const usageRows: UsageRow[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const tenantId = newId();
    // Spread over the month's first four days, at any minute.
    const createdAt = lastMonth + (i % 96) * HOUR + Math.floor(rand() * HOUR);
    const paying = i % 3 === 0;
    tenantRows.push({ id: tenantId, name: `Account ${i}`, tenantKey: newTenantKey(), trialEndsAt: new Date(createdAt + 7 * DAY_MS), createdAt: new Date(createdAt) });
    if (paying) {
      accountRows.push({
        tenantId,
        provider: 'offline',
        customerRef: `cus_${i}`,
        paymentMethodRef: `pm_${i}`,
        cardBrand: 'visa',
        cardLast4: '4242',
        cardExpMonth: 12,
        cardExpYear: 2030,
        name: `Account ${i} Ltd`,
        address: { line1: `${i} Main Street`, line2: '', city: 'Dublin', postalCode: 'D02', state: '', country: 'IE' },
        createdAt: new Date(createdAt),
        updatedAt: new Date(createdAt),
      });
    }
    for (let n = 0; n < PER_ACCOUNT; n++) {
      const instanceId = newId();
      // The trial's one free instance: the first, small, of an account without billing details.
      const freeTrial = !paying && n === 0;
      const provider = PROVIDERS[(i + n) % PROVIDERS.length] as Provider;
      const regions = REGIONS[provider];
      const region = regions[(i * 7 + n * 3) % regions.length]!.code;
      const size = freeTrial ? 'small' : (SIZE_LIST[(i + 2 * n) % SIZE_LIST.length] as InstanceSize);
      const instCreated = createdAt + n * (2 * DAY_MS + Math.floor(rand() * DAY_MS)) + 5 * MINUTE;
      const story = (i * PER_ACCOUNT + n) % 5;
      const h = historyOf({ instanceId, tenantId, size, createdAt: instCreated }, story, thisMonth - HOUR, rand);
      usageRows.push(...h.periods);
      instanceRows.push(seededInstance({ instanceId, tenantId, n, provider, region, url: `close-${i}-${n}`, freeTrial, createdAt: instCreated }, h));
    }
  }
  await insertChunked(tenantRows, 5000, (part) => db.insert(tenants).values(part));
  await insertChunked(accountRows, 4000, (part) => db.insert(billingAccounts).values(part));
  await insertChunked(instanceRows, 3000, (part) => db.insert(instances).values(part));
  await insertChunked(usageRows, 5000, (part) => db.insert(instanceUsagePeriods).values(part));
  // What autovacuum would have done by the time tables are this big.
  await db.execute(sql`vacuum analyze`);
  return { tenants: tenantRows.length, withBilling: accountRows.length, instances: instanceRows.length, usagePeriods: usageRows.length };
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** An invoice recomputed from the account's usage, read by a query of its own, through `meter()` and `toCents`. */
async function expectedTotal(db: Db, tenantId: string, from: number, to: number, trialEndsAt: number): Promise<number> {
  const rows = rowsOf<{
    instance_id: string;
    provider: Provider;
    region: string;
    free_trial: boolean;
    status: InstanceStatus;
    size: InstanceSize;
    disk_gb: number;
    started_at: string;
    ended_at: string | null;
  }>(
    await db.execute(sql`select u.instance_id, i.provider, i.region, i.free_trial, u.status, u.size, u.disk_gb, u.started_at::text, u.ended_at::text
      from instance_usage_periods u join instances i on i.instance_id = u.instance_id
      where u.tenant_id = ${tenantId}`),
  );
  const periods: MeteredPeriod[] = rows.map((r) => ({
    instanceId: r.instance_id,
    provider: r.provider,
    region: r.region,
    freeTrial: r.free_trial,
    status: r.status,
    size: r.size,
    diskGb: r.disk_gb,
    startedAt: new Date(r.started_at).getTime(),
    endedAt: r.ended_at === null ? null : new Date(r.ended_at).getTime(),
  }));
  const metered = meter(periods, { from, to, trialEndsAt });
  return [...metered.instances, ...metered.storages].reduce((sum, r) => sum + toCents(r.cost), 0);
}

export async function benchBillingClose() {
  return withTempDatabase(async (database) => {
    const failures: string[] = [];
    const db = database.db;
    const today = new Date();
    const thisMonth = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
    const lastMonth = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1);
    const seedStarted = performance.now();
    const seeded = await seed(db, lastMonth, thisMonth);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const clock = { now: () => new Date(thisMonth + MINUTE) };
    const deps = { db, clock, graceDays: GRACE_DAYS };
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const first = await runCloseRound(deps);
    const firstMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const firstCpuMs = (cpu.user + cpu.system) / 1000;

    const againStarted = performance.now();
    const second = await runCloseRound(deps);
    const secondMs = performance.now() - againStarted;

    const [counts] = rowsOf<{ periods: number; invoices: number; events: number; orphans: number; multi: number }>(
      await db.execute(sql`select
        (select count(*)::int from billing_periods) as periods,
        (select count(*)::int from invoices) as invoices,
        (select count(*)::int from domain_events where type = 'invoice.issued') as events,
        (select count(*)::int from billing_periods p where p.invoice_id is not null and not exists (select 1 from invoices i where i.id = p.invoice_id)) as orphans,
        (select count(*)::int from (select tenant_id from billing_periods group by tenant_id having count(*) > 1) t) as multi`),
    );
    if (first.closed !== ACCOUNTS) failures.push(`the first round closed ${first.closed} of ${ACCOUNTS} accounts`);
    if (second.closed !== 0 || second.invoiced !== 0) failures.push(`the second round closed ${second.closed} and invoiced ${second.invoiced} (expected 0 and 0)`);
    if (counts!.periods !== ACCOUNTS || counts!.multi !== 0) failures.push(`${counts!.periods} closed periods, ${counts!.multi} accounts with more than one`);
    if (counts!.invoices !== first.invoiced || counts!.events !== first.invoiced || counts!.orphans !== 0) {
      failures.push(`${counts!.invoices} invoices and ${counts!.events} invoice.issued events for ${first.invoiced} issued; ${counts!.orphans} periods pointing at no invoice`);
    }

    // 5 random accounts: the invoice (or its absence) against meter() on the account's whole history.
    const sample = rowsOf<{ id: string; trial_ends_at: string; period_start: string; period_end: string; invoice_total: string | null }>(
      await db.execute(sql`select t.id, t.trial_ends_at::text, p.period_start::text, p.period_end::text, i.total::text as invoice_total
        from tenants t join billing_periods p on p.tenant_id = t.id left join invoices i on i.id = p.invoice_id
        order by random() limit ${SAMPLES}`),
    );
    const checked: { tenantId: string; invoice: number | null; expected: number }[] = [];
    for (const s of sample) {
      const from = new Date(s.period_start).getTime();
      const to = new Date(s.period_end).getTime();
      if (from !== Math.floor(from / HOUR) * HOUR || to !== thisMonth) failures.push(`account ${s.id}: period ${s.period_start} – ${s.period_end}`);
      const expected = await expectedTotal(db, s.id, from, to, new Date(s.trial_ends_at).getTime());
      const invoice = s.invoice_total === null ? null : Number(s.invoice_total);
      if ((invoice ?? 0) !== expected || (invoice === null) !== (expected === 0)) failures.push(`account ${s.id}: invoice ${invoice} µ$, meter() gives ${expected} µ$`);
      checked.push({ tenantId: s.id, invoice, expected });
    }

    return {
      seeded,
      seedSeconds: Math.round(seedSeconds),
      first: { ...first, ms: Math.round(firstMs), cpuMs: Math.round(firstCpuMs), perAccountMs: firstMs / Math.max(1, first.closed) },
      second: { ...second, ms: Math.round(secondMs * 10) / 10 },
      checked,
      failures,
    };
  });
}

export function closeReport(r: Awaited<ReturnType<typeof benchBillingClose>>): string[] {
  const sample = r.checked
    .map((c) => `${c.invoice === null ? 'none' : `$${(c.invoice / 1e6).toFixed(2)}`}${c.invoice === (c.expected || null) ? ' ✓' : ` ≠ $${(c.expected / 1e6).toFixed(2)}`}`)
    .join(', ');
  return [
    `billing close round (${r.seeded.tenants} accounts, ${r.seeded.instances} instances, ${r.seeded.usagePeriods} usage periods, ${r.seeded.withBilling} with billing details): ${r.first.ms} ms for ${r.first.closed} closed and ${r.first.invoiced} invoices = ${r.first.perAccountMs.toFixed(2)} ms an account (Node CPU ${r.first.cpuMs} ms); second round closed ${r.second.closed} in ${r.second.ms} ms (exactly once); ${r.checked.length} sampled invoices against meter(): ${sample}${r.failures.length ? `; FAILED: ${r.failures.join('; ')}` : ''}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchBillingClose();
  console.log(`seeded in ${r.seedSeconds} s: ${JSON.stringify(r.seeded)}`);
  for (const line of closeReport(r)) console.log(line);
  if (r.failures.length) process.exitCode = 1;
}
