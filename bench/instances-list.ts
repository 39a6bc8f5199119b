/**
 * GET /api/managed-saas/instances?search=… on PostgreSQL holding 10,000
 * instances across 100 accounts, under autocannon (50 connections, 5 rounds
 * of 10 s), beside a bare Fastify + Drizzle server answering a single-row
 * select on the same database through the console's default pool. Prints
 * medians of req/s and p99, and two ratios (target ≥ 0.8): of req/s, and of CPU per request
 * (this process's, where both servers run, plus PostgreSQL's backends'; autocannon runs in a
 * child process so its CPU is in neither). CPU per request is the steadier figure on a shared
 * machine: another job's load slows both sides' req/s unevenly, not their CPU per request.
 * Needs PostgreSQL at BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres); a temp database is created
 * there and dropped afterwards. Figures only, never assertions.
 */
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { tuneGcForServing } from '../apps/server/src/gc-tuning';
import type { Database } from '../apps/server/src/db/client';
import { tenants } from '../apps/server/src/db/schema';
import { startCpuMeter, loadFromChild } from './cpu-meter';
import { median } from './stats';
import { seedAccounts, startBenchConsole, withTempDatabase } from './support';

const ACCOUNTS = 100;
const PER_ACCOUNT = 100;
const DURATION = Number(process.env.DURATION ?? 10);
/** Rounds of (baseline, list), alternated so that a noisy moment of this shared machine does not land on one side only. */
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const WORDS = ['Checkout', 'Storefront', 'Payments', 'Analytics', 'Support', 'Marketing', 'Mobile', 'Staging', 'Production', 'Internal'];

/** 100 accounts with an owner each, 100 instances each (every 7th stopped), inserted in bulk. Returns the first owner's ids. */
async function seed(database: Database): Promise<{ userId: string; tenantId: string }> {
  const [first] = await seedAccounts(database, {
    accounts: ACCOUNTS,
    perAccount: PER_ACCOUNT,
    instance: (n) => ({ name: `${WORDS[n % WORDS.length]} ${n}`, status: n % 7 === 0 ? 'stopped' : 'running' }),
  });
  return { userId: first!.userId, tenantId: first!.tenantId };
}

type Figures = Awaited<ReturnType<typeof load>>;

/** Each figure's median over the rounds. */
const medianOf = (all: Figures[]) => ({
  rps: median(all.map((f) => f.rps)),
  serverUs: median(all.map((f) => f.serverUs)),
  postgresUs: all.some((f) => f.postgresUs === null) ? null : median(all.map((f) => f.postgresUs!)),
  p50: median(all.map((f) => f.p50)),
  p99: median(all.map((f) => f.p99)),
  non2xx: all.reduce((n, f) => n + f.non2xx, 0),
});

/** One round of load on `url`, with the CPU this process and the database's backends spent per request. */
async function load(database: Database, url: string, headers: Record<string, string> = {}) {
  const stop = await startCpuMeter(database);
  const r = await loadFromChild(url, { connections: 50, seconds: DURATION, headers });
  const cpu = await stop();
  const perRequest = (ms: number) => Math.round((ms * 1000) / Math.max(1, r.requests));
  return { ...r, serverUs: perRequest(cpu.processMs), postgresUs: cpu.postgresMs === null ? null : perRequest(cpu.postgresMs) };
}

export async function benchInstancesList() {
  tuneGcForServing(); // as main.ts does: this process serves like a console
  return withTempDatabase(async (database, databaseUrl) => {
    const owner = await seed(database);
    const served = await startBenchConsole(database, databaseUrl);
    const jwt = await served.signIn(owner);

    // The bare baseline: the same framework and ORM, one indexed single-row select, no auth, no schema.
    const bare = Fastify();
    bare.get('/row', async () => {
      const [row] = await database.db.select().from(tenants).where(eq(tenants.id, owner.tenantId)).limit(1);
      return { data: row };
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });

    const listUrl = `${served.origin}/api/managed-saas/instances?search=pay&page=1&limit=10`;
    const check = await fetch(listUrl, { headers: { authorization: `Bearer ${jwt}` } });
    if (check.status !== 200) throw new Error(`the list answered ${check.status}: ${await check.text()}`);
    const body = (await check.json()) as { data: { total: number; instances: unknown[] } };
    const plan = await database.db.execute(sql`explain analyze select * from instances
      where tenant_id = ${owner.tenantId} and status <> 'terminated' and name ilike '%pay%'
      order by created_at desc, instance_id desc limit 10`);
    const planLines = (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']);

    // The list as every open console polls it: no search, the first page.
    const pollUrl = `${served.origin}/api/managed-saas/instances?page=1&limit=10`;
    const runBaseline = () => load(database, `${bare.listeningOrigin}/row`);
    const runList = () => load(database, listUrl, { authorization: `Bearer ${jwt}` });
    const runPoll = () => load(database, pollUrl, { authorization: `Bearer ${jwt}` });
    await runBaseline(); // warm-up
    await runList();
    await runPoll();
    const rounds: { baseline: Figures; list: Figures; poll: Figures }[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push({ baseline: await runBaseline(), list: await runList(), poll: await runPoll() });
    await bare.close();
    await served.stop();
    const baseline = medianOf(rounds.map((r) => r.baseline));
    const list = medianOf(rounds.map((r) => r.list));
    const poll = medianOf(rounds.map((r) => r.poll));
    const cpuOf = (f: typeof list) => f.serverUs + (f.postgresUs ?? 0);
    return {
      matched: body.data.total,
      page: body.data.instances.length,
      plan: planLines,
      rounds,
      baseline,
      list,
      poll,
      ratio: list.rps / baseline.rps,
      cpuRatio: cpuOf(baseline) / cpuOf(list),
      pollRatio: poll.rps / baseline.rps,
      pollCpuRatio: cpuOf(baseline) / cpuOf(poll),
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchInstancesList();
  console.log(`search 'pay' matched ${r.matched} of ${PER_ACCOUNT} in the account (page of ${r.page}); plan:\n  ${r.plan.join('\n  ')}`);
  for (const [i, round] of r.rounds.entries()) {
    const cpu = (f: Figures) => `${f.serverUs} + ${f.postgresUs ?? '?'} µs`;
    console.log(
      `round ${i + 1}: bare ${round.baseline.rps} req/s p99 ${round.baseline.p99} ms CPU ${cpu(round.baseline)}; list ${round.list.rps} req/s p99 ${round.list.p99} ms CPU ${cpu(round.list)}; unfiltered ${round.poll.rps} req/s CPU ${cpu(round.poll)}`,
    );
  }
  console.log(`medians of ${r.rounds.length} rounds of ${DURATION} s, 50 connections:`);
  console.log(`bare Fastify + Drizzle single-row select: ${r.baseline.rps} req/s, p50 ${r.baseline.p50} ms, p99 ${r.baseline.p99} ms`);
  console.log(`GET /api/managed-saas/instances?search=pay: ${r.list.rps} req/s, p50 ${r.list.p50} ms, p99 ${r.list.p99} ms, non-2xx ${r.list.non2xx}`);
  console.log(`CPU per request (console + PostgreSQL): bare ${r.baseline.serverUs} + ${r.baseline.postgresUs ?? '?'} µs, list ${r.list.serverUs} + ${r.list.postgresUs ?? '?'} µs`);
  console.log(
    `GET /api/managed-saas/instances (unfiltered, what an open console polls): ${r.poll.rps} req/s, p99 ${r.poll.p99} ms, CPU ${r.poll.serverUs} + ${r.poll.postgresUs ?? '?'} µs, non-2xx ${r.poll.non2xx}`,
  );
  console.log(`ratio of req/s ${r.ratio.toFixed(2)}, of CPU per request ${r.cpuRatio.toFixed(2)} (target ≥ 0.8), p99 ${r.list.p99} ms (target ≤ 20 ms)`);
  console.log(`unfiltered: ratio of req/s ${r.pollRatio.toFixed(2)}, of CPU per request ${r.pollCpuRatio.toFixed(2)}`);
}
