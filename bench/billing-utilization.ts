/**
 * GET /api/managed-saas/utilization (and /billing-details, which meters the same way) on
 * PostgreSQL (BENCH_DATABASE_URL, default the local server) for one account of 100
 * instances with a year of history: a status, size or disk change every 2 to 8 days, so
 * ~150 usage periods an instance (~15,000 for the account), and a closed billing period
 * for each past month, so its running period starts on the first of this month. Among
 * 1,000 other accounts of 3 instances each with a year of their own (a change every 5 to
 * 15 days), so the usage table holds ~120,000 rows and its indexes matter. The real app,
 * signed in as the owner, under autocannon (CONNECTIONS, default 10; ROUNDS rounds of DURATION s
 * each, alternated; medians). Target: p99 ≤ 50 ms. Also, always: EXPLAIN ANALYZE of the
 * usage query `billingRepo.meteredPeriods` sends, and the time `meter()` takes on its
 * rows. The running period is metered up to now, so the work grows with the day of
 * the month (reported as slots). A temp database is created and dropped afterwards.
 * Figures only, never assertions.
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { DAY_MS, PERMISSIONS, PROVIDERS, REGIONS, SIZES, type InstanceSize, type InstanceStatus, type Provider } from '@replay/contracts';
import { tuneGcForServing } from '../apps/server/src/gc-tuning';
import type { Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { billingAccounts, billingPeriods, instanceUsagePeriods, instances, roles, tenants, users } from '../apps/server/src/db/schema';
import { newId } from '../apps/server/src/lib/ids';
import { newTenantKey } from '../apps/server/src/modules/auth/keys';
import { billingRepo, nextMonthStart } from '../apps/server/src/modules/billing/billing.repo';
import { meter } from '../apps/server/src/modules/billing/metering';
import { insertChunked, prng, seededInstance } from './billing-close';
import { median } from './stats';
import { startBenchConsole, withTempDatabase } from './support';

const INSTANCES = Number(process.env.INSTANCES ?? 100);
const OTHER_ACCOUNTS = Number(process.env.OTHER_ACCOUNTS ?? 1000);
const OTHER_INSTANCES = 3;
const DURATION = Number(process.env.DURATION ?? 10);
/** Rounds of (utilization, billing-details), alternated so that a noisy moment of this shared machine does not land on one side only. */
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const MINUTE = 60_000;
const HOUR = 3_600_000;
const SIZE_LIST: InstanceSize[] = ['small', 'medium', 'large'];

type UsageRow = typeof instanceUsagePeriods.$inferInsert;

/**
 * An instance's life from `createdAt` to `now`, as the usage repo writes it (contiguous, the
 * last one open): every 2–8 days (or `minDays`–`maxDays`) a change, each a short transitional
 * period and the steady one after it: stop (and a start at the next change), Switch Instance,
 * disk upgrade or version upgrade.
 */
function yearOf(
  inst: { instanceId: string; tenantId: string; size: InstanceSize; createdAt: number },
  now: number,
  minDays: number,
  maxDays: number,
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
  const nextChange = () => at + minDays * DAY_MS + Math.floor(rand() * (maxDays - minDays) * DAY_MS);
  step('creating', at + 5 * MINUTE);
  let status: InstanceStatus = 'running';
  for (let change = nextChange(); change + 15 * MINUTE < now; change = nextChange()) {
    step(status, change);
    if (status === 'stopped') {
      step('starting', at + 2 * MINUTE);
      status = 'running';
      continue;
    }
    const r = rand();
    if (r < 0.4) {
      step('stopping', at + MINUTE);
      status = 'stopped';
    } else if (r < 0.7) {
      step('upgrading', at + 6 * MINUTE);
      size = SIZE_LIST[(SIZE_LIST.indexOf(size) + 1 + Math.floor(rand() * 2)) % SIZE_LIST.length] as InstanceSize;
    } else if (r < 0.85) {
      step('disk-upgrade', at + 10 * MINUTE);
      diskGb += 10 * (1 + Math.floor(rand() * 5));
    } else {
      step('version-upgrading', at + 8 * MINUTE);
    }
  }
  step(status, null);
  return { periods, status, size, diskGb };
}

/** Each closed month of an account created at `createdAt`, up to the first of this month. */
function closedPeriods(tenantId: string, createdAt: number, thisMonth: number): (typeof billingPeriods.$inferInsert)[] {
  const rows: (typeof billingPeriods.$inferInsert)[] = [];
  for (let from = Math.floor(createdAt / HOUR) * HOUR; from < thisMonth; from = nextMonthStart(from)) {
    const to = nextMonthStart(from);
    rows.push({ tenantId, periodStart: new Date(from), periodEnd: new Date(to), closedAt: new Date(to + MINUTE), invoiceId: null });
  }
  return rows;
}

async function seed(db: Db, now: number, thisMonth: number) {
  const rand = prng(365);
  const tenantRows: (typeof tenants.$inferInsert)[] = [];
  const accountRows: (typeof billingAccounts.$inferInsert)[] = [];
  const periodRows: (typeof billingPeriods.$inferInsert)[] = [];
  const instanceRows: (typeof instances.$inferInsert)[] = [];
  const usageRows: UsageRow[] = [];
  const address = { line1: '1 Main Street', line2: '', city: 'Dublin', postalCode: 'D02', state: '', country: 'IE' };
  const addAccount = (i: number, createdAt: number, paying: boolean, count: number, minDays: number, maxDays: number) => {
    const tenantId = newId();
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
        address,
        createdAt: new Date(createdAt),
        updatedAt: new Date(createdAt),
      });
    }
    periodRows.push(...closedPeriods(tenantId, createdAt, thisMonth));
    for (let n = 0; n < count; n++) {
      const instanceId = newId();
      const freeTrial = !paying && n === 0;
      const provider = PROVIDERS[(i + n) % PROVIDERS.length] as Provider;
      const regions = REGIONS[provider];
      const region = regions[(i * 7 + n * 3) % regions.length]!.code;
      const size = freeTrial ? 'small' : (SIZE_LIST[(i + n) % SIZE_LIST.length] as InstanceSize);
      const instCreated = createdAt + 10 * MINUTE + n * 37 * MINUTE;
      const h = yearOf({ instanceId, tenantId, size, createdAt: instCreated }, now, minDays, maxDays, rand);
      usageRows.push(...h.periods);
      instanceRows.push(seededInstance({ instanceId, tenantId, n, provider, region, url: `util-${i}-${n}`, freeTrial, createdAt: instCreated }, h));
    }
    return tenantId;
  };
  // The measured account: a year old, paying, 100 instances changing every 2–8 days.
  const created = now - 365 * DAY_MS;
  const tenantId = addAccount(0, created, true, INSTANCES, 2, 8);
  const measured = { usagePeriods: usageRows.length, closedPeriods: periodRows.length };
  // The others: made at any time of the past year, a third paying, a change every 5–15 days.
  for (let i = 1; i <= OTHER_ACCOUNTS; i++) addAccount(i, now - Math.floor(rand() * 365 * DAY_MS), i % 3 === 0, OTHER_INSTANCES, 5, 15);

  await insertChunked(tenantRows, 5000, (part) => db.insert(tenants).values(part));
  await insertChunked(accountRows, 4000, (part) => db.insert(billingAccounts).values(part));
  await insertChunked(periodRows, 8000, (part) => db.insert(billingPeriods).values(part));
  await insertChunked(instanceRows, 3000, (part) => db.insert(instances).values(part));
  await insertChunked(usageRows, 5000, (part) => db.insert(instanceUsagePeriods).values(part));
  const roleId = newId();
  const userId = newId();
  await db.insert(roles).values({ id: roleId, tenantId, name: 'Owner', permissions: [...PERMISSIONS], protected: true });
  await db.insert(users).values({ id: userId, tenantId, email: 'owner@bench.example', name: 'Owner', admin: true, superAdmin: true, roleId, joinedAt: new Date(created) });
  // What autovacuum would have done by the time tables are this big.
  await db.execute(sql`vacuum analyze`);
  return { tenantId, userId, created, measured, totalUsagePeriods: usageRows.length, accounts: tenantRows.length };
}

type Figures = Awaited<ReturnType<typeof load>>;

const medianOf = (all: Figures[]) => ({
  rps: median(all.map((f) => f.rps)),
  p50: median(all.map((f) => f.p50)),
  p99: median(all.map((f) => f.p99)),
  non2xx: all.reduce((n, f) => n + f.non2xx, 0),
  errors: all.reduce((n, f) => n + f.errors, 0),
});

async function load(url: string, headers: Record<string, string>, duration = DURATION) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, workers: 1, headers });
  return { rps: Math.round(r.requests.average * 10) / 10, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

export async function benchBillingUtilization() {
  tuneGcForServing(); // as main.ts does: this process serves like a console
  return withTempDatabase(async (database, databaseUrl) => {
    const db = database.db;
    const now = Date.now();
    const today = new Date(now);
    const thisMonth = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
    const seedStarted = performance.now();
    const seeded = await seed(db, now, thisMonth);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    // Where the time of one call goes, outside HTTP: the usage query's plan, and meter() on its rows.
    const to = nextMonthStart(thisMonth);
    if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
    // The statement the repo sends, as it sends it (a Drizzle on the same pool that logs instead), explained.
    const sent: { sql: string; params: unknown[] }[] = [];
    const spy = drizzle(database.pool, { schema, logger: { logQuery: (text, params) => void sent.push({ sql: text, params }) } }) as unknown as Db;
    await billingRepo(spy).meteredPeriods([seeded.tenantId], thisMonth, to);
    const q = sent.at(-1)!;
    const plan = (await database.pool.query({ text: `explain (analyze, buffers) ${q.sql}`, values: q.params })).rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
    const repo = billingRepo(db);
    const queryMs: number[] = [];
    let periods = await repo.meteredPeriods([seeded.tenantId], thisMonth, to);
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      periods = await repo.meteredPeriods([seeded.tenantId], thisMonth, to);
      queryMs.push(performance.now() - t);
    }
    const window = { from: thisMonth, to, until: Date.now(), trialEndsAt: seeded.created + 7 * DAY_MS };
    const meterMs: number[] = [];
    let metered = meter(periods, window);
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      metered = meter(periods, window);
      meterMs.push(performance.now() - t);
    }

    const served = await startBenchConsole(database, databaseUrl);
    const jwt = await served.signIn(seeded);
    const headers = { authorization: `Bearer ${jwt}`, 'accept-encoding': 'br, gzip' };

    const utilizationUrl = `${served.origin}/api/managed-saas/utilization`;
    const detailsUrl = `${served.origin}/api/managed-saas/billing-details`;
    const check = await fetch(utilizationUrl, { headers });
    if (check.status !== 200) throw new Error(`utilization answered ${check.status}: ${await check.text()}`);
    const text = await check.text();
    const body = JSON.parse(text) as { data: { instances: unknown[]; storages: unknown[]; total: number; periodStart: number; meteredUntil: number } };
    if (body.data.periodStart !== thisMonth) throw new Error(`the running period starts at ${new Date(body.data.periodStart).toISOString()}, not the first of the month`);
    const detailsCheck = await fetch(detailsUrl, { headers });
    if (detailsCheck.status !== 200) throw new Error(`billing-details answered ${detailsCheck.status}: ${await detailsCheck.text()}`);

    await load(utilizationUrl, headers, 2); // warm-up: code compiled, connections open
    await load(detailsUrl, headers, 2);
    const rounds: { utilization: Figures; details: Figures }[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push({ utilization: await load(utilizationUrl, headers), details: await load(detailsUrl, headers) });
    await served.stop();

    return {
      seeded: { ...seeded.measured, totalUsagePeriods: seeded.totalUsagePeriods, accounts: seeded.accounts, seconds: Math.round(seedSeconds) },
      answer: { rows: body.data.instances.length + body.data.storages.length, bytes: Buffer.byteLength(text), totalDollars: body.data.total / 1e6 },
      query: { rows: periods.length, ms: median(queryMs), plan },
      meter: { slots: metered.slots, instances: INSTANCES, ms: median(meterMs) },
      rounds,
      utilization: medianOf(rounds.map((r) => r.utilization)),
      details: medianOf(rounds.map((r) => r.details)),
    };
  });
}

export function utilizationReport(r: Awaited<ReturnType<typeof benchBillingUtilization>>): string[] {
  const of = (f: ReturnType<typeof medianOf>) => `${f.rps} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms${f.non2xx || f.errors ? ` (${f.non2xx} non-2xx, ${f.errors} errors)` : ''}`;
  return [
    `utilization, 1 account of ${r.meter.instances} instances (${r.seeded.usagePeriods} usage periods over a year, ${r.seeded.totalUsagePeriods} in all), running period ${r.meter.slots} hour slots: GET /utilization ${of(r.utilization)}; GET /billing-details ${of(r.details)}; ${CONNECTIONS} connections, medians of ${r.rounds.length} × ${DURATION} s (target p99 ≤ 50 ms); usage query ${r.query.ms.toFixed(1)} ms for ${r.query.rows} rows, meter() ${r.meter.ms.toFixed(1)} ms`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchBillingUtilization();
  console.log(
    `seeded in ${r.seeded.seconds} s: ${r.seeded.accounts} accounts, ${r.seeded.totalUsagePeriods} usage periods (${r.seeded.usagePeriods} of the measured account, ${r.seeded.closedPeriods} closed months)`,
  );
  console.log(`answer: ${r.answer.rows} rows, ${r.answer.bytes} bytes, $${r.answer.totalDollars.toFixed(2)} so far`);
  console.log(`usage query (billingRepo.meteredPeriods, this month): median ${r.query.ms.toFixed(2)} ms, ${r.query.rows} rows; plan:\n  ${r.query.plan.join('\n  ')}`);
  console.log(`meter() on those rows, ${r.meter.slots} slots × ${r.meter.instances} instances: median ${r.meter.ms.toFixed(2)} ms`);
  for (const [i, round] of r.rounds.entries()) {
    console.log(
      `round ${i + 1}: utilization ${round.utilization.rps} req/s p50 ${round.utilization.p50} ms p99 ${round.utilization.p99} ms; billing-details ${round.details.rps} req/s p50 ${round.details.p50} ms p99 ${round.details.p99} ms`,
    );
  }
  for (const line of utilizationReport(r)) console.log(line);
}
