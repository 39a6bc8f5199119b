import type { Graphs, GraphsQuery, Statistics } from '@replay/contracts';
import type { Db } from '../../db/client';
import type { Principal } from '../../lib/principal';
import type { InstancesService } from '../instances/instances.service';
import { monitoringRepo } from './monitoring.repo';

export interface MonitoringDeps {
  db: Db;
  /** The one scope rule: another account's instance, or one outside the caller's role, is not found. */
  instances: Pick<InstancesService, 'load'>;
}

type Point = [number, number];

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
      if (!latest) return { cpu: null, memory: null, disk: null, sampledAt: null };
      return { cpu: latest.cpu / 100, memory: latest.memory / 100, disk: latest.disk / 100, sampledAt: latest.at.getTime() };
    },
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
