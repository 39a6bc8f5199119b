import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { instances, tenants } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import { BLOCK_SECONDS, monitoringRepo, type MetricBucket, type MetricRow } from '../../src/modules/monitoring/monitoring.repo';
import { openTestDatabase } from '../support/database';

/**
 * The graphs' buckets against an oracle written from the samples alone: for
 * random minutes (with gaps, minutes without network, slots written twice),
 * random windows (any second, so blocks are cut at both edges) and every kind
 * of step, what the repository answers (the minutes at step 60, blocks and
 * edge minutes at whole blocks, grouped minutes otherwise) is each bucket's
 * mean, rounded as the minutes' own query rounds it, also after a purge.
 */
let database: Database;
let tenantId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  tenantId = newId();
  await database.db.insert(tenants).values({ id: tenantId, name: 'Oracle', tenantKey: `tk-${tenantId}`, trialEndsAt: new Date() });
});
afterAll(() => database.close());

const MINUTES = 200;
/** A block boundary, so the samples cover whole blocks and cut ones. */
const BASE = 1_763_000_400;
const STEPS = [60, 120, 300, 600, 1200, 1800, 3600];

interface Sample {
  minute: number;
  cpu: number;
  memory: number;
  disk: number;
  net: [number, number] | null;
}

const sampleOf = fc.record({
  minute: fc.integer({ min: 0, max: MINUTES - 1 }),
  cpu: fc.integer({ min: 0, max: 32_767 }),
  memory: fc.integer({ min: 0, max: 10_000 }),
  disk: fc.integer({ min: 0, max: 10_000 }),
  net: fc.option(fc.tuple(fc.integer({ min: 0, max: 2e9 }), fc.integer({ min: 0, max: 2e9 })), { freq: 8 }),
});
const windowOf = fc.record({
  from: fc.integer({ min: BASE - 900, max: BASE + MINUTES * 60 }),
  length: fc.integer({ min: 0, max: MINUTES * 60 + 900 }),
  step: fc.constantFrom(...STEPS),
});

const rowOf = (instanceId: string, s: Sample): MetricRow => ({
  instanceId,
  at: new Date((BASE + s.minute * 60) * 1000),
  cpu: s.cpu,
  memory: s.memory,
  disk: s.disk,
  netIn: s.net?.[0] ?? null,
  netOut: s.net?.[1] ?? null,
});

/** The buckets by definition: each step's minutes in the window, their means rounded half away from zero (all are positive). */
function oracle(kept: Map<number, Sample>, from: number, to: number, step: number, since: number): MetricBucket[] {
  const groups = new Map<number, Sample[]>();
  for (const s of [...kept.values()].sort((a, b) => a.minute - b.minute)) {
    const at = BASE + s.minute * 60;
    if (at < from || at > to || at < since) continue;
    const t = Math.floor(at / step) * step;
    groups.set(t, [...(groups.get(t) ?? []), s]);
  }
  return [...groups].map(([t, group]) => {
    const mean = (f: (s: Sample) => number) => Math.round(group.reduce((sum, s) => sum + f(s), 0) / group.length) / 100;
    const net = group.filter((s) => s.net);
    const bytes = (i: 0 | 1) => (net.length ? Math.round(net.reduce((sum, s) => sum + s.net![i], 0) / (net.length * 60)) : null);
    return { t, cpu: mean((s) => s.cpu), memory: mean((s) => s.memory), disk: mean((s) => s.disk), netIn: bytes(0), netOut: bytes(1) };
  });
}

/** The blocks of an instance whose count or sums differ from its minutes' (all columns), or that have no minute. */
async function blocksDisagreeingWithMinutes(instanceId: string): Promise<unknown[]> {
  const result = await database.db.execute(sql`
    select b.at, b.samples, m.samples as minutes from instance_metric_blocks b
    left join lateral (
      select count(*)::int as samples, sum(cpu)::int as cpu, sum(memory)::int as memory, sum(disk)::int as disk, count(net_in)::int as net_samples,
        coalesce(sum(net_in), 0)::int8 as net_in, coalesce(sum(net_out), 0)::int8 as net_out
      from instance_metrics where instance_id = b.instance_id and at >= b.at and at < b.at + make_interval(secs => ${BLOCK_SECONDS})
    ) m on true
    where b.instance_id = ${instanceId}
      and (b.samples, b.cpu, b.memory, b.disk, b.net_samples, b.net_in, b.net_out) is distinct from (m.samples, m.cpu, m.memory, m.disk, m.net_samples, m.net_in, m.net_out)`);
  return (result as unknown as { rows: unknown[] }).rows;
}

async function blockCount(instanceId: string): Promise<number> {
  const result = await database.db.execute(sql`select count(*)::int as n from instance_metric_blocks where instance_id = ${instanceId}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe('monitoring buckets', () => {
  it('are the means of the window’s minutes at every step, from blocks or minutes alike, before and after a purge; blocks hold their minutes’ sums', async () => {
    const repo = monitoringRepo(database.db);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(sampleOf, { maxLength: 120 }), { minLength: 1, maxLength: 4 }),
        fc.array(windowOf, { minLength: 1, maxLength: 8 }),
        fc.option(fc.integer({ min: 0, max: MINUTES }), { freq: 2 }),
        async (rounds, windows, purgeAt) => {
          const instanceId = newId();
          await database.db.insert(instances).values({
            instanceId,
            tenantId,
            name: 'Sampled',
            status: 'running',
            provider: 'aws',
            region: 'us-east-1',
            size: 'small',
            url: `u-${instanceId}`,
            version: '1.21',
            diskSize: 120,
            healthy: true,
          });
          // Each round's statement stores its samples; a slot written again keeps its first sample, in the minutes and in the blocks.
          const kept = new Map<number, Sample>();
          for (const samples of rounds) {
            const fresh = new Map<number, Sample>();
            for (const s of samples) if (!kept.has(s.minute) && !fresh.has(s.minute)) fresh.set(s.minute, s);
            const written = await repo.insertSamples(samples.map((s) => rowOf(instanceId, s)).filter((r, i, all) => all.findIndex((o) => o.at.getTime() === r.at.getTime()) === i));
            expect(written).toBe(fresh.size);
            for (const [m, s] of fresh) kept.set(m, s);
          }
          const blocks = new Set([...kept.keys()].map((m) => Math.floor((BASE + m * 60) / BLOCK_SECONDS)));
          expect(await blockCount(instanceId)).toBe(blocks.size);
          expect(await blocksDisagreeingWithMinutes(instanceId)).toEqual([]);
          let since = -Infinity;
          if (purgeAt !== null) {
            since = BASE + purgeAt * 60;
            await repo.purge([instanceId], new Date(since * 1000));
          }
          for (const w of windows) {
            const from = Math.max(w.from, since);
            const to = from + w.length;
            const answered = await repo.buckets(instanceId, new Date(from * 1000), new Date(to * 1000), w.step);
            expect(answered, `window ${from}..${to} step ${w.step}`).toEqual(oracle(kept, from, to, w.step, since));
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
