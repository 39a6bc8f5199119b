import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { LocalDriver } from '../../src/infra/local-driver';
import type { InstanceSpec } from '../../src/infra/driver';

export const CONSOLE_ORIGIN = 'http://localhost:3999';

export function spec(overrides: Partial<InstanceSpec> = {}): InstanceSpec {
  return {
    instanceId: `inst-${randomUUID().slice(0, 8)}`,
    name: 'Checkout replay',
    tenantName: 'Acme',
    // 20 characters, as an account's tenantKey.
    projectKey: randomBytes(15).toString('base64url'),
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

/** An instance URL as this test reaches it: the loopback address the agents listen on, whatever `localhost` resolves to first. */
export const direct = (url: string): string => url.replace('//localhost:', '//127.0.0.1:');

/** A tracker's batch of events, sent to an instance with `projectKey` (or none). */
export async function sendEvents(instanceUrl: string, projectKey: string | null, sessionId = 'session-1'): Promise<Response> {
  return fetch(`${direct(instanceUrl)}/api/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(projectKey === null ? {} : { Authorization: `Bearer ${projectKey}` }) },
    body: JSON.stringify({ sessionId, events: [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }] }),
  });
}
