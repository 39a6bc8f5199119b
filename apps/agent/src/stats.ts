import { getHeapStatistics } from 'node:v8';
import type { AgentStats } from '@replay/agent-protocol';
import type { DiskUsage } from './disk.ts';
import type { IngestFacts } from './ingest-facts.ts';
import type { NetworkMeter } from './network.ts';

/** A CPU reading over less time than this is mostly noise; the last one is repeated instead. */
const MIN_CPU_WINDOW_MS = 1000;

const percent = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

/**
 * CPU, memory and disk of this agent as shares of the instance it stands for:
 * CPU time of this process over the wall time since the previous reading,
 * spread over the instance's vCPUs (as configured: one machine enforces no
 * CPU count); the V8 heap in use against the heap limit this process really
 * runs with (its size's, set by the driver's start command and read back
 * from V8, so the figure is the enforced one and a missing limit shows); the
 * data folder's bytes (as counted by DiskUsage, never by a walk per read)
 * against its disk; the bytes its HTTP server carried (NetworkMeter).
 */
export class StatsSampler {
  /** From the process start, so the first reading is real too. */
  private last = { at: 0, cpu: { user: 0, system: 0 } };
  private cpuPercent = 0;
  private readonly disk: DiskUsage;
  private readonly resources: { vcpu: number; memoryGb: number };
  private readonly network: NetworkMeter;
  private readonly ingest: IngestFacts | null;

  constructor(disk: DiskUsage, resources: { vcpu: number; memoryGb: number }, network: NetworkMeter, ingest: IngestFacts | null = null) {
    this.disk = disk;
    this.network = network;
    this.ingest = ingest;
    this.resources = { vcpu: resources.vcpu, memoryGb: resources.memoryGb };
  }

  private sampleCpu(): number {
    const at = performance.now();
    const elapsedMs = at - this.last.at;
    if (elapsedMs >= MIN_CPU_WINDOW_MS || this.last.at === 0) {
      const used = process.cpuUsage(this.last.cpu);
      const cpuMs = (used.user + used.system) / 1000;
      this.cpuPercent = Math.min(100, percent(cpuMs, elapsedMs * this.resources.vcpu));
      this.last = { at, cpu: process.cpuUsage() };
    }
    return this.cpuPercent;
  }

  read(): AgentStats {
    const heap = getHeapStatistics();
    const usedMemory = heap.used_heap_size;
    const totalMemory = heap.heap_size_limit;
    const { usedBytes, totalBytes } = this.disk;
    return {
      cpu: { percent: this.sampleCpu(), vcpu: this.resources.vcpu },
      memory: { usedBytes: usedMemory, totalBytes: totalMemory, percent: percent(usedMemory, totalMemory) },
      disk: { usedBytes, totalBytes, percent: percent(usedBytes, totalBytes) },
      network: this.network.read(),
      sampledAt: Date.now(),
      ...(this.ingest ? { ingest: this.ingest.read() } : {}),
    };
  }
}
