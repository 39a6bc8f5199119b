import {
  CURRENCY,
  INSTANCE_SIZES,
  SIZES,
  priceFor,
  storagePrice,
  type InstanceSize,
  type InstanceStatus,
  type Micros,
  type Provider,
  type UtilizationInstanceRow,
  type UtilizationStorageRow,
} from '@replay/contracts';

/**
 * Metering: what an account owes for a window of time, from its instances' usage periods
 * (schema/instance-usage.ts), a pure function of that history so the same window always
 * gives the same rows, whichever console process computes it and however often.
 *
 * The unit is the hour. A window is cut into hour slots from its start (a month's window
 * starts on a whole UTC hour, so its slots are the clock's hours). For each instance and slot:
 *   - compute is billed if the instance ran at any moment in the slot (a started hour is a
 *     billed hour), at the largest size it ran at in that slot;
 *   - storage is billed if its disk existed at any moment in the slot (every status but
 *     terminated: a stopped instance pays storage only), for the largest disk it had then.
 * Each slot of a window is billed once, and consecutive windows share no slot, so no hour
 * is billed twice or missed, restarts or not.
 *
 * The free trial: the trial's instance (`freeTrial`) pays nothing for the slots that begin
 * before the trial's end while it is small; its hours are still listed, at no cost.
 */

export const HOUR_MS = 3_600_000;

/** The statuses in which the instance's machine runs for its owner: billed compute. */
export const COMPUTE_BILLED_STATUSES: ReadonlySet<InstanceStatus> = new Set(['running', 'upgrading', 'disk-upgrade', 'switch-instance', 'version-upgrading']);

/** One usage period of one instance, with the instance's facts that price it. */
export interface MeteredPeriod {
  instanceId: string;
  provider: Provider;
  region: string;
  freeTrial: boolean;
  status: InstanceStatus;
  size: InstanceSize;
  diskGb: number;
  startedAt: number;
  /** null: still current. */
  endedAt: number | null;
}

export interface MeterWindow {
  from: number;
  to: number;
  /** Slots beginning at or after this are not metered yet (the running period is metered up to now). */
  until?: number;
  /** The account's trial end (epoch ms). */
  trialEndsAt: number;
}

export interface Metered {
  instances: UtilizationInstanceRow[];
  storages: UtilizationStorageRow[];
  total: Micros;
  /** The slots metered: the window's start plus this many hours. */
  slots: number;
}

const SIZE_RANK: Record<InstanceSize, number> = { small: 0, medium: 1, large: 2 };

function configurationOf(size: InstanceSize): string {
  return `${SIZES[size].vcpu} vCPU · ${SIZES[size].memoryGb} GB RAM`;
}

/** Number of hour slots of [from, to): the last may be shorter than an hour. */
export function slotCount(from: number, to: number): number {
  return to <= from ? 0 : Math.ceil((to - from) / HOUR_MS);
}

interface InstanceSlots {
  provider: Provider;
  region: string;
  freeTrial: boolean;
  /** Per slot: -1 not billed, else the SIZE_RANK billed. */
  compute: Int8Array;
  /** Per slot: -1 no disk, else the largest GB. */
  disk: Int32Array;
}

/** Marks, for each instance, the slots its periods touch (a period touches a slot it overlaps by any time). */
function slotsOf(periods: readonly MeteredPeriod[], from: number, end: number, slots: number): Map<string, InstanceSlots> {
  const byInstance = new Map<string, InstanceSlots>();
  for (const p of periods) {
    const start = Math.max(p.startedAt, from);
    const stop = Math.min(p.endedAt ?? Number.POSITIVE_INFINITY, end);
    if (stop <= start) continue;
    let entry = byInstance.get(p.instanceId);
    if (!entry) {
      entry = { provider: p.provider, region: p.region, freeTrial: p.freeTrial, compute: new Int8Array(slots).fill(-1), disk: new Int32Array(slots).fill(-1) };
      byInstance.set(p.instanceId, entry);
    }
    const first = Math.floor((start - from) / HOUR_MS);
    const last = Math.min(slots - 1, Math.ceil((stop - from) / HOUR_MS) - 1);
    const rank = COMPUTE_BILLED_STATUSES.has(p.status) ? SIZE_RANK[p.size] : -1;
    for (let k = first; k <= last; k += 1) {
      if (rank > (entry.compute[k] as number)) entry.compute[k] = rank;
      if (p.diskGb > (entry.disk[k] as number)) entry.disk[k] = p.diskGb;
    }
  }
  return byInstance;
}

/** What a window of an account's history costs, as utilization rows (spec section 3). */
export function meter(periods: readonly MeteredPeriod[], window: MeterWindow): Metered {
  const end = Math.min(window.to, window.until ?? window.to);
  const slots = slotCount(window.from, end);
  const compute = new Map<string, { row: UtilizationInstanceRow; instances: Set<string> }>();
  const storage = new Map<string, { row: UtilizationStorageRow; instances: Set<string> }>();
  const addCompute = (s: InstanceSlots, size: InstanceSize, free: boolean, hours: number) => {
    const key = `${s.provider}|${s.region}|${size}|${free}`;
    let group = compute.get(key);
    if (!group) {
      const hourlyPrice = free ? 0 : priceFor(s.provider, s.region, size).hourlyPrice;
      group = {
        row: {
          provider: s.provider,
          region: s.region,
          capacity: SIZES[size].label,
          configuration: configurationOf(size),
          instanceType: size,
          instancesCount: 0,
          utilizationHours: 0,
          hourlyPrice,
          cost: 0,
          currency: CURRENCY,
          freeTrial: free,
        },
        instances: new Set(),
      };
      compute.set(key, group);
    }
    group.row.utilizationHours += hours;
    return group;
  };
  const addStorage = (s: InstanceSlots, inTrial: boolean, gb: number) => {
    const key = `${s.provider}|${s.region}|${inTrial}`;
    let group = storage.get(key);
    if (!group) {
      const pricePerGbHour = inTrial ? 0 : storagePrice(s.provider, s.region, 1).price;
      group = { row: { provider: s.provider, region: s.region, instancesCount: 0, storage: 0, pricePerGbHour, cost: 0, currency: CURRENCY, freeTrial: inTrial }, instances: new Set() };
      storage.set(key, group);
    }
    group.row.storage += gb;
    return group;
  };
  // Per instance, the slots are counted by size and trial first; the rows' keys are built a
  // few times per instance, not per slot (a month of 100 instances is 72,000 slots).
  for (const [instanceId, s] of slotsOf(periods, window.from, end, slots)) {
    // Slots [0, trialSlots) begin before the trial's end: the only ones that may be free.
    const trialSlots = s.freeTrial ? Math.min(slots, slotCount(window.from, window.trialEndsAt)) : 0;
    const hours = [0, 0, 0, 0]; // by SIZE_RANK, and [3]: small in the trial (free)
    const gb = [0, 0]; // after the trial, in it
    const hasDisk = [false, false];
    for (let k = 0; k < slots; k += 1) {
      const inTrial = k < trialSlots ? 1 : 0;
      const rank = s.compute[k] as number;
      if (rank >= 0) hours[inTrial && rank === 0 ? 3 : rank]! += 1;
      const disk = s.disk[k] as number;
      if (disk >= 0) {
        gb[inTrial]! += disk;
        hasDisk[inTrial] = true;
      }
    }
    for (let i = 0; i < 4; i += 1) if (hours[i]) addCompute(s, INSTANCE_SIZES[i === 3 ? 0 : i] as InstanceSize, i === 3, hours[i]!).instances.add(instanceId);
    for (const t of [0, 1]) if (hasDisk[t]) addStorage(s, t === 1, gb[t]!).instances.add(instanceId);
  }
  let total = 0;
  const instances = [...compute.values()].map(({ row, instances: ids }) => {
    row.instancesCount = ids.size;
    row.cost = row.utilizationHours * row.hourlyPrice;
    total += row.cost;
    return row;
  });
  const storages = [...storage.values()].map(({ row, instances: ids }) => {
    row.instancesCount = ids.size;
    row.cost = row.storage * row.pricePerGbHour;
    total += row.cost;
    return row;
  });
  const order = (a: { provider: string; region: string; freeTrial: boolean }, b: { provider: string; region: string; freeTrial: boolean }) =>
    a.provider.localeCompare(b.provider) || a.region.localeCompare(b.region) || Number(a.freeTrial) - Number(b.freeTrial);
  instances.sort((a, b) => order(a, b) || SIZE_RANK[a.instanceType] - SIZE_RANK[b.instanceType]);
  storages.sort(order);
  return { instances, storages, total, slots };
}

/**
 * What the account's instances cost per hour from now on, as they are now (their current
 * periods): the Next Billing Amount's projection to the period's end.
 */
export function hourlyRate(current: readonly MeteredPeriod[], at: number, trialEndsAt: number): Micros {
  let rate = 0;
  for (const p of current) {
    const inTrial = p.freeTrial && at < trialEndsAt;
    if (COMPUTE_BILLED_STATUSES.has(p.status) && !(inTrial && p.size === 'small')) rate += priceFor(p.provider, p.region, p.size).hourlyPrice;
    if (!inTrial) rate += storagePrice(p.provider, p.region, p.diskGb).hourly;
  }
  return rate;
}
