import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INSTANCE_SIZES, priceFor, storagePrice, type InstanceSize, type InstanceStatus } from '@replay/contracts';
import { COMPUTE_BILLED_STATUSES, HOUR_MS, meter, type MeteredPeriod } from '../../src/modules/billing/metering';

/**
 * Metering against an oracle written the other way round: for every hour of the window and
 * every instance, look at the periods that touch that hour and price it on its own. The rows
 * must add up to the oracle to the µ$, and a window cut in two must cost what it costs whole
 * (no hour billed twice or missed where one period closes and the next begins).
 */
const T0 = Date.UTC(2026, 10, 1);
const STATUSES: InstanceStatus[] = ['creating', 'initializing', 'running', 'stopping', 'stopped', 'starting', 'upgrading', 'disk-upgrade', 'switch-instance', 'version-upgrading'];
const PLACES = [
  ['aws', 'us-east-1'],
  ['aws', 'eu-central-1'],
  ['gcp', 'asia-south1'],
  ['azure', 'westus'],
] as const;

interface Step {
  status: InstanceStatus;
  size: InstanceSize;
  diskGb: number;
  minutes: number;
}

const stepArb = fc.record({
  status: fc.constantFrom(...STATUSES),
  size: fc.constantFrom(...INSTANCE_SIZES),
  diskGb: fc.integer({ min: 12, max: 409 }).map((n) => n * 10),
  minutes: fc.integer({ min: 0, max: 60 * 30 }),
});
const instanceArb = fc.record({
  place: fc.constantFrom(...PLACES),
  freeTrial: fc.boolean(),
  startMinute: fc.integer({ min: -60 * 48, max: 60 * 24 * 20 }),
  steps: fc.array(stepArb, { minLength: 1, maxLength: 12 }),
  /** Terminated after its last step, or still in it. */
  terminated: fc.boolean(),
});

type GeneratedInstance = typeof instanceArb extends fc.Arbitrary<infer T> ? T : never;

function periodsOf(instances: GeneratedInstance[]): MeteredPeriod[] {
  return instances.flatMap((inst, i) => {
    let at = T0 + inst.startMinute * 60_000;
    return inst.steps.map((s: Step, k: number) => {
      const startedAt = at;
      at += s.minutes * 60_000;
      const last = k === inst.steps.length - 1;
      return {
        instanceId: `i${i}`,
        provider: inst.place[0],
        region: inst.place[1],
        freeTrial: inst.freeTrial,
        status: s.status,
        size: s.size,
        diskGb: s.diskGb,
        startedAt,
        endedAt: last && !inst.terminated ? null : at,
      };
    });
  });
}

const RANK: Record<InstanceSize, number> = { small: 0, medium: 1, large: 2 };

/** Each hour of each instance, priced alone. */
function oracle(periods: MeteredPeriod[], from: number, to: number, trialEndsAt: number): number {
  let sum = 0;
  const ids = [...new Set(periods.map((p) => p.instanceId))];
  for (let slot = from; slot < to; slot += HOUR_MS) {
    const slotEnd = Math.min(slot + HOUR_MS, to);
    for (const id of ids) {
      const touching = periods.filter((p) => p.instanceId === id && p.startedAt < slotEnd && (p.endedAt ?? Infinity) > slot && (p.endedAt ?? Infinity) > p.startedAt);
      if (touching.length === 0) continue;
      const { provider, region, freeTrial } = touching[0]!;
      const trial = freeTrial && slot < trialEndsAt;
      const running = touching.filter((p) => COMPUTE_BILLED_STATUSES.has(p.status));
      if (running.length > 0) {
        const size = running.reduce((a, p) => (RANK[p.size] > RANK[a] ? p.size : a), 'small' as InstanceSize);
        if (!(trial && size === 'small')) sum += priceFor(provider, region, size).hourlyPrice;
      }
      const disk = Math.max(...touching.map((p) => p.diskGb));
      if (!trial) sum += storagePrice(provider, region, disk).hourly;
    }
  }
  return sum;
}

describe('metering', () => {
  it('adds up to the hour-by-hour oracle to the µ$, and a window cut in two costs what it costs whole', () => {
    fc.assert(
      fc.property(
        fc.array(instanceArb, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 24 * 25 }),
        fc.integer({ min: 0, max: 24 * 25 }),
        fc.integer({ min: -24 * 3, max: 24 * 10 }),
        (instances, hours, cutHour, trialHour) => {
          const periods = periodsOf(instances);
          const from = T0;
          const to = T0 + hours * HOUR_MS;
          const trialEndsAt = T0 + trialHour * HOUR_MS + 17 * 60_000;
          const whole = meter(periods, { from, to, trialEndsAt });
          const rows = [...whole.instances.map((r) => r.cost), ...whole.storages.map((r) => r.cost)].reduce((a, b) => a + b, 0);
          expect(rows).toBe(whole.total);
          expect(whole.total).toBe(oracle(periods, from, to, trialEndsAt));
          for (const r of whole.instances) expect(r.cost).toBe(r.utilizationHours * r.hourlyPrice);
          for (const r of whole.storages) expect(r.cost).toBe(r.storage * r.pricePerGbHour);
          const cut = from + Math.min(cutHour, hours) * HOUR_MS;
          const first = meter(periods, { from, to: cut, trialEndsAt });
          const second = meter(periods, { from: cut, to, trialEndsAt });
          expect(first.total + second.total).toBe(whole.total);
          const hoursOf = (m: typeof whole) => m.instances.reduce((a, r) => a + r.utilizationHours, 0);
          expect(hoursOf(first) + hoursOf(second)).toBe(hoursOf(whole));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('bills a started hour in full, a stopped instance its storage only, and nothing after termination', () => {
    const base = { instanceId: 'a', provider: 'aws', region: 'us-east-1', freeTrial: false, size: 'medium', diskGb: 240 } as const;
    const periods: MeteredPeriod[] = [
      { ...base, status: 'running', startedAt: T0 + 10 * 60_000, endedAt: T0 + 70 * 60_000 },
      { ...base, status: 'stopped', startedAt: T0 + 70 * 60_000, endedAt: T0 + 5 * HOUR_MS },
    ];
    const m = meter(periods, { from: T0, to: T0 + 24 * HOUR_MS, trialEndsAt: 0 });
    expect(m.instances).toEqual([expect.objectContaining({ instanceType: 'medium', utilizationHours: 2, hourlyPrice: 554_000, cost: 1_108_000, instancesCount: 1 })]);
    expect(m.storages).toEqual([expect.objectContaining({ storage: 5 * 240, pricePerGbHour: 600, cost: 5 * 240 * 600 })]);
  });

  it('lists the trial instance’s free hours at no cost, and charges them from the trial’s end', () => {
    const periods: MeteredPeriod[] = [{ instanceId: 'a', provider: 'aws', region: 'us-east-1', freeTrial: true, status: 'running', size: 'small', diskGb: 120, startedAt: T0, endedAt: null }];
    const m = meter(periods, { from: T0, to: T0 + 10 * HOUR_MS, trialEndsAt: T0 + 4 * HOUR_MS });
    expect(m.instances).toEqual([
      expect.objectContaining({ freeTrial: false, utilizationHours: 6, cost: 6 * 276_000 }),
      expect.objectContaining({ freeTrial: true, utilizationHours: 4, hourlyPrice: 0, cost: 0 }),
    ]);
    expect(m.total).toBe(6 * 276_000 + 6 * 120 * 600);
  });
});
