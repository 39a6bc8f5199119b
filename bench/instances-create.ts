/**
 * Create → running on the local driver: the real console (routes, pg-boss
 * workers on embedded PGlite, local driver starting a real agent process),
 * timed from the POST to the first GET that answers 'running'. Median of 20
 * (target ≤ 3 s). Each instance is terminated before the next is created.
 * Figures only, never assertions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Instance } from '@replay/contracts';
import { buildApp } from '../apps/server/src/app';
import { openRuntime } from '../apps/server/src/bootstrap';
import { parseEnv } from '../apps/server/src/config/env';
import { LocalDriver } from '../apps/server/src/infra/local-driver';
import { median } from './stats';

const RUNS = Number(process.env.RUNS ?? 20);

export async function benchInstancesCreate(): Promise<{ medianMs: number; minMs: number; maxMs: number; runs: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-create-'));
  const runtime = await openRuntime(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RUN_WORKERS: 'true' }));
  const app = await buildApp(runtime.ctx, { logger: false, modules: runtime.modules, services: runtime.services });
  const times: number[] = [];
  try {
    const signup = await app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { fullname: 'Bench', organizationName: 'Bench Co', email: 'bench@example.com', password: 'Bench!Passw0rd' },
    });
    const headers = { authorization: `Bearer ${signup.json().data.jwt as string}` };
    const status = async (id: string) => (await app.inject({ method: 'GET', url: `/api/managed-saas/instances/${id}/status`, headers })).json().data;
    const settle = async (id: string, want: string) => {
      for (;;) {
        const s = await status(id);
        if (s.status === want && !s.inProgress) return;
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/managed-saas/instances',
        headers,
        payload: { name: `Bench ${i}`, provider: 'aws', region: 'us-east-1', size: 'small', url: `bench-create-${i}` },
      });
      const created = res.json().data as Instance;
      await settle(created.instanceId, 'running');
      times.push(performance.now() - started);
      // Free the account's one free instance for the next run.
      await app.inject({ method: 'POST', url: `/api/managed-saas/instances/${created.instanceId}/actions`, headers, payload: { action: 'terminate' } });
      await settle(created.instanceId, 'terminated');
    }
  } finally {
    await app.close();
    await runtime.stop();
    const driver = new LocalDriver({ root: join(dataDir, 'instances'), consoleOrigin: 'http://localhost' });
    for (const id of driver.folders.list()) await driver.terminate(id);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { medianMs: Math.round(median(times)), minMs: Math.round(Math.min(...times)), maxMs: Math.round(Math.max(...times)), runs: times.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchInstancesCreate();
  console.log(`create → running on the local driver: median ${r.medianMs} ms of ${r.runs} (min ${r.minMs}, max ${r.maxMs}; target ≤ 3000 ms)`);
}
