import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AgentStats } from '@replay/agent-protocol';
import type { InfrastructureDriver } from '../../src/infra/driver';
import { offerScheduled } from '../../src/jobs/workers';
import { METRICS_QUEUE, metricsSchedule, slotOf } from '../../src/modules/monitoring/monitoring.jobs';
import { createPeerApp, createTestApp, type TestApp } from '../support/app';
import { signup } from '../support/auth';
import { seedInstance, until } from '../instances/support';

/**
 * Two console processes on one database, both running workers and both
 * offering the metrics round: each 60-s slot gets one round, and each running
 * instance one sample in it. The agents are a double of the one call the
 * round makes (stats), counting the calls, so a second round would show even
 * where the table's key would hide its rows.
 */
function statsDriver(calls: { n: number }): InfrastructureDriver {
  const answer: AgentStats = {
    cpu: { percent: 12.34 },
    memory: { usedBytes: 1, totalBytes: 8, percent: 45.6 },
    disk: { usedBytes: 1, totalBytes: 120, percent: 7.89 },
    network: { inBytes: 6000, outBytes: 12_000, lastMinute: { start: 0, inBytes: 600, outBytes: 1200 } },
    sampledAt: 0,
  };
  const idle = { adopted: [], started: [], stopped: [], killed: [], failed: [] };
  return new Proxy({ kind: 'stats-double', browserSources: [] } as unknown as InfrastructureDriver, {
    get(target, prop) {
      if (prop === 'kind' || prop === 'browserSources') return target[prop];
      if (prop === 'then' || prop === 'checkReachable') return undefined;
      if (prop === 'stats') return async () => (calls.n++, answer);
      if (prop === 'reconcile') return async () => idle;
      if (prop === 'health') return async () => ({ healthy: true, statusCode: 200, tenants: [{ active: true }], version: '1.21', error: null });
      return async () => {
        throw new Error(`driver.${String(prop)} is not for this test`);
      };
    },
  });
}

const calls = { n: 0 };
let t: TestApp;
let consoles: Awaited<ReturnType<typeof createPeerApp>>[] = [];

beforeAll(async () => {
  // The account and its instances first (no workers here), so every round the consoles run finds them.
  t = await createTestApp({}, { driver: statsDriver(calls) });
  const owner = await signup(t);
  for (let i = 0; i < 3; i++) await seedInstance(t, owner.user.tenantId, { name: `Sampled ${i}` });
  await seedInstance(t, owner.user.tenantId, { name: 'Stopped', status: 'stopped' });
  consoles = [await createPeerApp(t, { driver: statsDriver(calls), runWorkers: true }), await createPeerApp(t, { driver: statsDriver(calls), runWorkers: true })];
});
afterAll(async () => {
  for (const c of consoles) await c.close();
  await t?.close();
});

const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

describe('the metrics schedule across two console processes', () => {
  it('runs one round per 60-s slot, and writes one sample per running instance in it', { timeout: 60_000 }, async () => {
    const bosses = consoles.map((c) => c.runtime.ctx.boss!);
    // Both processes offer the round at once, many times, as their timers would over a slot.
    const offers = await Promise.all(Array.from({ length: 20 }, (_, i) => offerScheduled(bosses[i % 2]!, metricsSchedule)));
    const sent = offers.filter((id) => id !== null);
    // One offer per slot gets through (two if the offers straddled a slot boundary; the timers' first may have taken it).
    expect(sent.length).toBeLessThanOrEqual(2);
    const db = t.runtime.ctx.db;
    const completed = async () => (await bosses[0]!.findJobs(METRICS_QUEUE)).filter((j) => j.state === 'completed');
    await until(completed, (jobs) => jobs.length >= 1, 30_000, 'a completed metrics round');
    // Let any other round that could have started finish too.
    await until(
      async () => (await bosses[0]!.findJobs(METRICS_QUEUE)).filter((j) => j.state === 'active' || j.state === 'created').length,
      (n) => n === 0,
    );

    const jobs = await completed();
    const slots = new Set(jobs.map((j) => String(j.singletonOn)));
    expect(slots.size).toBe(jobs.length);
    const perSlot = rowsOf(await db.execute(sql`select at, count(*)::int as n, count(distinct instance_id)::int as instances from instance_metrics group by at order by at`));
    expect(perSlot.length).toBe(jobs.length);
    for (const slot of perSlot) expect(slot).toMatchObject({ n: 3, instances: 3 });
    // One round per slot asked each running instance once; the stopped one was not asked.
    expect(calls.n).toBe(3 * jobs.length);
    const [sample] = rowsOf(await db.execute(sql`select cpu, memory, disk, net_in, net_out from instance_metrics limit 1`));
    expect(sample).toMatchObject({ cpu: 1234, memory: 4560, disk: 789 });
    expect(Number(sample!.net_in)).toBe(600);
    expect(Number(sample!.net_out)).toBe(1200);
  });
});

describe('the slot a round samples', () => {
  it('is the slot its schedule claimed, read back from the timestamp pg-boss keeps in UTC', () => {
    const now = new Date(Date.UTC(2026, 10, 24, 3, 15, 42));
    // pg-boss's `singleton_on` (no time zone) as a driver reads it: the UTC fields taken as local time.
    const claimed = new Date(2026, 10, 24, 3, 15, 0);
    expect(slotOf(claimed, now).toISOString()).toBe('2026-11-24T03:15:00.000Z');
    expect(slotOf(null, now).toISOString()).toBe('2026-11-24T03:15:00.000Z');
    // A reading far from now cannot be the current claim: the current slot is sampled.
    expect(slotOf(new Date(2026, 10, 24, 9, 0, 0), now).toISOString()).toBe('2026-11-24T03:15:00.000Z');
  });
});
