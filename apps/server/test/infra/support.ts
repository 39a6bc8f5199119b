import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { LocalDriver } from '../../src/infra/local-driver';
import type { InstanceSpec } from '../../src/infra/driver';

export const CONSOLE_ORIGIN = 'http://localhost:3999';

export function spec(overrides: Partial<InstanceSpec> = {}): InstanceSpec {
  return {
    instanceId: `inst-${randomUUID().slice(0, 8)}`,
    name: 'Checkout replay',
    tenantName: 'Acme',
    provider: 'aws',
    region: 'eu-west-1',
    size: 'small',
    diskSize: 120,
    version: '1.20',
    ...overrides,
  };
}

/** A driver on a fresh temp root; `dispose` ends every agent under it and removes the folder. */
export function tempDriver(): { root: string; driver: LocalDriver; fresh(): LocalDriver; dispose(): Promise<void> } {
  const root = mkdtempSync(join(tmpdir(), 'infra-test-'));
  const fresh = () => new LocalDriver({ root, consoleOrigin: CONSOLE_ORIGIN, stopGraceMs: 2_000, startTimeoutMs: 10_000 });
  const driver = fresh();
  return {
    root,
    driver,
    fresh,
    async dispose() {
      const cleaner = fresh();
      for (const id of cleaner.folders.list()) await cleaner.terminate(id);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The process group of a pid, from /proc: an agent leads its own, so it outlives the console. */
export function processGroupOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}
