/**
 * GET /api/notifications/count (the header's bell, asked every 30 s by every open console)
 * on PostgreSQL holding 200,000 notifications of 1,000 members across 100 accounts (200
 * each, 10 % unread), under autocannon (50 connections, rounds of 10 s) against a real
 * console over HTTP, twice: flat out (how many the console answers; the latency there is
 * mostly the queue of 50 requests in flight) and paced at PACED_RATE req/s (default 500:
 * 15,000 open consoles asking every 30 s), where p99 is what a console's poll waits for.
 * Prints the medians of req/s, p50 and p99 of each (target p99 ≤ 5 ms) and the count's plan. Needs PostgreSQL at BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres); a temp database is created there and
 * dropped afterwards. Figures only, never assertions.
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { DAY_MS, PERMISSIONS } from '@replay/contracts';
import { tuneGcForServing } from '../apps/server/src/gc-tuning';
import type { Database } from '../apps/server/src/db/client';
import { notifications, roles, tenants, users } from '../apps/server/src/db/schema';
import { newId } from '../apps/server/src/lib/ids';
import { median } from './stats';
import { pacedLoad, type PacedFigures } from './paced-load';
import { startBenchConsole, withTempDatabase } from './support';

const ACCOUNTS = 100;
const MEMBERS = 10;
const PER_MEMBER = 200;
const DURATION = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PACED_RATE = Number(process.env.PACED_RATE ?? 500);

/** Accounts, members and their notifications in bulk; the first account's members are returned (the first signs the load). */
async function seed(database: Database): Promise<{ userId: string; tenantId: string }[]> {
  const db = database.db;
  const now = Date.now();
  const members: { userId: string; tenantId: string }[] = [];
  for (let a = 0; a < ACCOUNTS; a++) {
    const tenantId = newId();
    const roleId = newId();
    await db.insert(tenants).values({ id: tenantId, name: `Account ${a}`, tenantKey: `tk-${tenantId}`, trialEndsAt: new Date(now + 7 * DAY_MS) });
    await db.insert(roles).values({ id: roleId, tenantId, name: 'Owner', permissions: [...PERMISSIONS], protected: true });
    const ids = Array.from({ length: MEMBERS }, () => newId());
    await db.insert(users).values(ids.map((id, m) => ({ id, tenantId, email: `m${m}.a${a}@bench.example`, name: `Member ${m}`, roleId, joinedAt: new Date(now) })));
    const rows = ids.flatMap((recipientId) =>
      Array.from({ length: PER_MEMBER }, (_, n) => ({
        id: newId(),
        tenantId,
        recipientId,
        eventId: newId(),
        type: 'instance.unhealthy',
        level: 'critical' as const,
        category: 'instances' as const,
        title: `Instance ${n} is unhealthy`,
        description: 'The health check did not answer.',
        link: null,
        source: 'instance',
        sourceId: null,
        projectId: null,
        sourceMeta: {},
        createdAt: new Date(now - n * 60_000),
        viewedAt: n % 10 === 0 ? null : new Date(now),
      })),
    );
    for (let i = 0; i < rows.length; i += 1000) await db.insert(notifications).values(rows.slice(i, i + 1000));
    if (a === 0) members.push(...ids.map((userId) => ({ userId, tenantId })));
  }
  await db.execute(sql`vacuum analyze`);
  return members;
}

type Figures = PacedFigures;

async function load(url: string, token: string, rate?: number): Promise<PacedFigures> {
  const headers = { authorization: `Bearer ${token}` };
  // Paced: an open loop at a steady rate (see paced-load.ts for why not autocannon's overallRate).
  if (rate) return pacedLoad({ url, headers, rate, durationS: DURATION, connections: 50 });
  // Flat out: in a worker thread of its own (as the other benches), so the load's work is not the console's.
  const r = await autocannon({ url, connections: 50, duration: DURATION, workers: 1, headers });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
}

export async function benchNotificationCount() {
  tuneGcForServing();
  return withTempDatabase(async (database, databaseUrl) => {
    const members = await seed(database);
    const served = await startBenchConsole(database, databaseUrl);
    const member = members[0]!;
    const token = await served.signIn(member);
    const countUrl = `${served.origin}/api/notifications/count`;
    const check = await fetch(countUrl, { headers: { authorization: `Bearer ${token}` } });
    if (check.status !== 200) throw new Error(`the count answered ${check.status}: ${await check.text()}`);
    const { data } = (await check.json()) as { data: { count: number } };
    const plan = await database.db.execute(sql`explain analyze select count(*) from notifications
      where recipient_id = ${member.userId} and tenant_id = ${member.tenantId} and viewed_at is null`);
    const planLines = (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']);

    await load(countUrl, token); // warm-up
    // Alternated, so that a noisy moment of this shared machine does not land on one side only.
    const rounds: Figures[] = [];
    const paced: Figures[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      rounds.push(await load(countUrl, token));
      paced.push(await load(countUrl, token, PACED_RATE));
    }
    await served.stop();
    const medians = (all: Figures[]) => ({
      rps: median(all.map((r) => r.rps)),
      p50: median(all.map((r) => r.p50)),
      p99: median(all.map((r) => r.p99)),
      non2xx: all.reduce((n, r) => n + r.non2xx, 0),
    });
    return { unread: data.count, plan: planLines, rounds, paced, ...medians(rounds), pacedFigures: medians(paced) };
  });
}

export function notificationCountReport(r: Awaited<ReturnType<typeof benchNotificationCount>>): string[] {
  return [
    `notification count (${ACCOUNTS * MEMBERS * PER_MEMBER} notifications on PostgreSQL, 50 connections): flat out ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms; paced at ${PACED_RATE} req/s: p50 ${r.pacedFigures.p50} ms, p99 ${r.pacedFigures.p99} ms (target p99 ≤ 5 ms); non-2xx ${r.non2xx + r.pacedFigures.non2xx}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchNotificationCount();
  console.log(`a member's unread count: ${r.unread}; plan:\n  ${r.plan.join('\n  ')}`);
  for (const [i, round] of r.rounds.entries())
    console.log(`round ${i + 1}: flat out ${round.rps} req/s, p50 ${round.p50} ms, p99 ${round.p99} ms; paced ${r.paced[i]!.rps} req/s, p50 ${r.paced[i]!.p50} ms, p99 ${r.paced[i]!.p99} ms`);
  for (const line of notificationCountReport(r)) console.log(line);
}
