import { MONITORING_RETENTION_SECONDS, GRAPH_STEP_SECONDS } from '@replay/contracts';
import type { Db } from '../../db/client';
import type { InfrastructureDriver, InstanceStats } from '../../infra/driver';
import { mapLimit } from '../../lib/concurrency';
import { instanceIdsLiveSince, runningInstanceIds } from '../instances/core/instances.facts';
import { trackDiskAlerts } from './monitoring.disk-alerts';
import { monitoringRepo, type MetricRow } from './monitoring.repo';

/** Agents asked at once: a thousand instances in a few seconds, as the health round does. */
export const SAMPLE_CONCURRENCY = 50;
export const SLOT_MS = GRAPH_STEP_SECONDS * 1000;
/** Samples are kept as long as the longest window shows, and a slot more, so a 7-day chart's first minute is still there. */
export const RETENTION_MS = MONITORING_RETENTION_SECONDS * 1000 + SLOT_MS;

export interface SamplingDeps {
  db: Db;
  /** The round only reads stats, so any driver (or a double of this one call) will do. */
  driver: Pick<InfrastructureDriver, 'stats'>;
  concurrency?: number;
}

export interface SamplingReport {
  slot: string;
  asked: number;
  written: number;
  failed: number;
  purged: number;
  durationMs: number;
}

/** Hundredths of a percent in a smallint: a reading past 327.67 % (a disk over its declared size) is held at that. */
const hundredths = (percent: number): number => Math.min(32_767, Math.max(0, Math.round(percent * 100)));

export function sampleRow(instanceId: string, at: Date, s: InstanceStats): MetricRow {
  const minute = s.network.lastMinute;
  return {
    instanceId,
    at,
    cpu: hundredths(s.cpu.percent),
    memory: hundredths(s.memory.percent),
    disk: hundredths(s.disk.percent),
    netIn: minute ? Math.max(0, Math.round(minute.inBytes)) : null,
    netOut: minute ? Math.max(0, Math.round(minute.outBytes)) : null,
  };
}

/**
 * One sampling round, for the slot starting at `slot`: every running
 * instance's agent is asked for its stats, a bounded number at a time; the
 * answers land in one multi-row insert (a slot already sampled keeps its
 * sample); an agent that does not answer leaves its minute empty, a gap in
 * its graphs. Then samples past the retention are forgotten, so the table
 * holds 7 days and never grows beyond.
 */
export async function runSamplingRound(d: SamplingDeps, slot: Date): Promise<SamplingReport> {
  const started = performance.now();
  const repo = monitoringRepo(d.db);
  const running = await runningInstanceIds(d.db);
  const answers = await mapLimit(running, d.concurrency ?? SAMPLE_CONCURRENCY, (id) =>
    d.driver.stats(id).then(
      (s) => sampleRow(id, slot, s),
      () => null,
    ),
  );
  const rows = answers.filter((r): r is MetricRow => r !== null);
  const written = await repo.insertSamples(rows);
  await trackDiskAlerts(d.db, rows, slot);
  const cutoff = new Date(slot.getTime() - RETENTION_MS);
  const purged = await repo.purge(await instanceIdsLiveSince(d.db, cutoff), cutoff);
  return {
    slot: slot.toISOString(),
    asked: running.length,
    written,
    failed: running.length - rows.length,
    purged,
    durationMs: Math.round(performance.now() - started),
  };
}
