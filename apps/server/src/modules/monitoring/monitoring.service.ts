import { MONITORING_RETENTION_SECONDS, diskAlertOf, diskFullForecastDays, type Graphs, type GraphsQuery, type Statistics } from '@replay/contracts';
import type { Db } from '../../db/client';
import type { Principal } from '../../lib/principal';
import type { InstancesService } from '../instances/core/instances.service';
import { monitoringRepo } from './monitoring.repo';

export interface MonitoringDeps {
  db: Db;
  /** The one scope rule: another account's instance, or one outside the caller's role, is not found. */
  instances: Pick<InstancesService, 'load'>;
}

type Point = [number, number];
/** The forecast reads the stored week in hourly means: 168 points, from the key alone, whatever the chart shows. */
const FORECAST_STEP_SECONDS = 3600;

/** Graphs and statistics of one instance (spec section 7), from the samples the metrics round stored. */
export function createMonitoringService(deps: MonitoringDeps) {
  const repo = monitoringRepo(deps.db);
  return {
    async graphs(p: Principal, instanceId: string, q: GraphsQuery): Promise<Graphs> {
      await deps.instances.load(p, instanceId);
      const buckets = await repo.buckets(instanceId, new Date(q.start * 1000), new Date(q.end * 1000), q.step);
      const graphs: Graphs = { start: q.start, end: q.end, step: q.step, cpu: [], memory: [], disk: [], network: [], networkIn: [], networkOut: [] };
      for (const b of buckets) {
        graphs.cpu.push([b.t, b.cpu]);
        graphs.memory.push([b.t, b.memory]);
        graphs.disk.push([b.t, b.disk]);
        // A sample without a complete minute of traffic (an agent's first) has no network point: a gap, not a zero.
        if (b.netIn !== null && b.netOut !== null) {
          graphs.networkIn.push([b.t, b.netIn] as Point);
          graphs.networkOut.push([b.t, b.netOut] as Point);
          graphs.network.push([b.t, b.netIn + b.netOut] as Point);
        }
      }
      return graphs;
    },

    async statistics(p: Principal, instanceId: string): Promise<Statistics> {
      await deps.instances.load(p, instanceId);
      const latest = await repo.latest(instanceId);
      if (!latest) return { cpu: null, memory: null, disk: null, sampledAt: null, diskAlert: null, diskFullInDays: null };
      const disk = latest.disk / 100;
      const to = latest.at;
      const from = new Date(to.getTime() - MONITORING_RETENTION_SECONDS * 1000);
      const series = (await repo.buckets(instanceId, from, to, FORECAST_STEP_SECONDS)).map((b): Point => [b.t, b.disk]);
      return {
        cpu: latest.cpu / 100,
        memory: latest.memory / 100,
        disk,
        sampledAt: to.getTime(),
        diskAlert: diskAlertOf(disk),
        diskFullInDays: diskFullForecastDays(series),
      };
    },
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
