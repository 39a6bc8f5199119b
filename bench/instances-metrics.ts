/**
 * Monitoring at 1,000 running instances on PostgreSQL (BENCH_DATABASE_URL,
 * default the local server), with 7 days of 1-minute samples each, written in
 * time order as the rounds write them (10 million rows):
 * - the database size of those samples (table and key);
 * - p99 of the 7-day graphs call for one instance, through HTTP with a
 *   browser's Accept-Encoding, one caller at a time (target ≤ 50 ms): as the
 *   console's 7-day chart asks for it (step 600: 1,008 points, more than its
 *   pixels) and at the spec's full step of 60 (10,080 points);
 * - the CPU time of one sampling round over the 1,000 (insert and purge
 *   included), with a double of the agents' stats call answering at once, so
 *   only the console's own work counts (target ≤ 5 % of a core per minute).
 * Figures only, never assertions. SAMPLE_DAYS shortens the history for a quick run.
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { DAY_MS, PERMISSIONS } from '@replay/contracts';
import type { AgentStats } from '@replay/agent-protocol';
import { instances, roles, tenants, users } from '../apps/server/src/db/schema';
import { newId } from '../apps/server/src/lib/ids';
import { SLOT_MS, runSamplingRound } from '../apps/server/src/modules/monitoring/monitoring.sampler';
import { median } from './stats';
import { startBenchConsole, withTempDatabase } from './support';

const INSTANCES = Number(process.env.INSTANCES ?? 1000);
const SAMPLE_DAYS = Number(process.env.SAMPLE_DAYS ?? 7);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const DURATION = Number(process.env.DURATION ?? 10);

const STATS: AgentStats = {
  cpu: { percent: 3.21 },
  memory: { usedBytes: 80 * 1024 ** 2, totalBytes: 8 * 1024 ** 3, percent: 0.98 },
  disk: { usedBytes: 5 * 1024 ** 3, totalBytes: 120 * 1024 ** 3, percent: 4.17 },
  network: { inBytes: 1e9, outBytes: 2e9, lastMinute: { start: 0, inBytes: 123_456, outBytes: 654_321 } },
  sampledAt: 0,
};

export async function benchInstancesMetrics() {
  return withTempDatabase(async (database, databaseUrl) => {
    const db = database.db;
    const now = new Date();
    const tenantId = newId();
    const roleId = newId();
    const userId = newId();
    await db.insert(tenants).values({ id: tenantId, name: 'Bench', tenantKey: `tk-${tenantId}`, trialEndsAt: new Date(now.getTime() + DAY_MS) });
    await db.insert(roles).values({ id: roleId, tenantId, name: 'Owner', permissions: [...PERMISSIONS], protected: true });
    await db.insert(users).values({ id: userId, tenantId, email: 'owner@bench.example', name: 'Owner', admin: true, superAdmin: true, roleId, joinedAt: now });
    const rows = Array.from({ length: INSTANCES }, (_, n) => ({
      instanceId: newId(),
      tenantId,
      name: `Instance ${n}`,
      status: 'running' as const,
      provider: 'aws' as const,
      region: 'us-east-1',
      size: 'small' as const,
      url: `metrics-${n}`,
      version: '1.21',
      diskSize: 120,
      healthy: true,
    }));
    for (let i = 0; i < rows.length; i += 500) await db.insert(instances).values(rows.slice(i, i + 500));

    // 7 days of minutes up to the current slot, minute by minute as the rounds write them; the key built after, as a bulk load would.
    const last = Math.floor(now.getTime() / SLOT_MS) * SLOT_MS - SLOT_MS;
    const first = last - SAMPLE_DAYS * DAY_MS + SLOT_MS;
    const loadStarted = performance.now();
    await db.execute(sql`alter table instance_metrics drop constraint instance_metrics_pk`);
    await db.execute(sql`insert into instance_metrics (instance_id, at, cpu, memory, disk, net_in, net_out)
      select i.instance_id, m.at, (random() * 10000)::int, (random() * 10000)::int, (random() * 10000)::int, (random() * 1e6)::int8, (random() * 1e6)::int8
      from generate_series(${new Date(first)}::timestamptz, ${new Date(last)}::timestamptz, interval '1 minute') as m(at)
      cross join (select instance_id from instances order by instance_id) i
      order by m.at`);
    await db.execute(sql`alter table instance_metrics add constraint instance_metrics_pk primary key (instance_id, at) include (cpu, memory, disk, net_in, net_out)`);
    // The blocks of those minutes, as migration 0013 fills them from an older console's samples.
    await db.execute(sql`insert into instance_metric_blocks (instance_id, at, samples, cpu, memory, disk, net_samples, net_in, net_out)
      select instance_id, to_timestamp((extract(epoch from at)::int8 / 600) * 600), count(*), sum(cpu), sum(memory), sum(disk), count(net_in), coalesce(sum(net_in), 0), coalesce(sum(net_out), 0)
      from instance_metrics group by 1, 2 order by 2`);
    // What autovacuum does to a table this size soon after it is written.
    await db.execute(sql`vacuum analyze instance_metrics, instance_metric_blocks`);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const size = (
      (await db.execute(sql`select count(*)::int8::text as n, pg_table_size('instance_metrics')::text as heap,
      pg_indexes_size('instance_metrics')::text as idx, pg_total_relation_size('instance_metrics')::text as total,
      pg_total_relation_size('instance_metric_blocks')::text as blocks from instance_metrics`)) as unknown as {
        rows: { n: string; heap: string; idx: string; total: string; blocks: string }[];
      }
    ).rows[0]!;

    const served = await startBenchConsole(database, databaseUrl);
    const jwt = await served.signIn({ userId, tenantId });
    const endS = Math.floor(now.getTime() / 1000);
    const headers = { authorization: `Bearer ${jwt}`, 'accept-encoding': 'br, gzip' };
    const graphsCall = async (step: number) => {
      const graphsUrl = `${served.origin}/api/managed-saas/instances/${rows[0]!.instanceId}/graphs?start=${endS - 7 * 86_400}&end=${endS}&step=${step}`;
      const check = await fetch(graphsUrl, { headers });
      if (check.status !== 200) throw new Error(`graphs answered ${check.status}: ${await check.text()}`);
      const text = await check.text();
      const points = (JSON.parse(text) as { data: { cpu: unknown[] } }).data.cpu.length;
      const r = await autocannon({ url: graphsUrl, connections: 1, duration: DURATION, workers: 1, headers });
      // The JSON as the browser gets it once unpacked (fetch unpacks the compressed answer).
      return { step, points, wireBytes: Buffer.byteLength(text), requests: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
    };
    const graphs = [await graphsCall(600), await graphsCall(60)];
    await served.app.close();

    const driver = { stats: async () => STATS };
    const cpu: number[] = [];
    const durations: number[] = [];
    for (let i = 1; i <= ROUNDS + 1; i++) {
      const before = process.cpuUsage();
      const report = await runSamplingRound({ db, driver }, new Date(last + i * SLOT_MS));
      const used = process.cpuUsage(before);
      if (i === 1) continue; // warm-up: code compiled, statements prepared
      cpu.push((used.user + used.system) / 1000);
      durations.push(report.durationMs);
      if (report.written !== INSTANCES) throw new Error(`a round wrote ${report.written} samples`);
    }
    await served.runtime.stop();
    const cpuMs = median(cpu);
    return {
      instances: INSTANCES,
      days: SAMPLE_DAYS,
      rows: Number(size.n),
      loadSeconds: Math.round(loadSeconds),
      heapMb: Number(size.heap) / 1024 ** 2,
      indexMb: Number(size.idx) / 1024 ** 2,
      totalMb: Number(size.total) / 1024 ** 2,
      blocksMb: Number(size.blocks) / 1024 ** 2,
      graphs,
      round: { cpuMs: Math.round(cpuMs), durationMs: Math.round(median(durations)), coreShare: cpuMs / SLOT_MS },
    };
  });
}

export function metricsReport(r: Awaited<ReturnType<typeof benchInstancesMetrics>>): string[] {
  return [
    `metrics size (${r.days} days × ${r.instances} instances, ${r.rows} rows): ${r.totalMb.toFixed(0)} MB (table ${r.heapMb.toFixed(0)} MB, key ${r.indexMb.toFixed(0)} MB), and their 10-minute blocks ${r.blocksMb.toFixed(0)} MB`,
    ...r.graphs.map(
      (g) => `7-day graphs call, step ${g.step} (${g.points} points a series, ${g.wireBytes} bytes of JSON): p99 ${g.p99} ms, p50 ${g.p50} ms over ${g.requests} calls (target p99 ≤ 50 ms)`,
    ),
    `sampling round over ${r.instances} instances: ${r.round.durationMs} ms, CPU ${r.round.cpuMs} ms = ${(r.round.coreShare * 100).toFixed(2)} % of a core per minute (target ≤ 5 %)`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of metricsReport(await benchInstancesMetrics())) console.log(line);
}
