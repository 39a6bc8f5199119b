import type { TestProject } from 'vitest/node';
import { fileURLToPath } from 'node:url';
import { launchChromiumServer } from './browser';
import { reapOrphanConsoles } from './orphan-consoles';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One chromium per worker of the run, by VITEST_POOL_ID - 1: files connect instead of launching their own. */
    chromiumEndpoints: string[];
  }
}

/**
 * Global set-up of the e2e project: chromium started once per worker for the whole run. A file
 * used to pay a browser's start for each journey (seconds on a loaded machine); now it opens
 * a connection, and its contexts (own cookies and storage) keep files apart as before.
 */
export default async function startChromiumPerWorker(project: TestProject): Promise<() => Promise<void>> {
  const workers = Math.max(1, Number(project.vitest.config.maxWorkers) || 1);
  const servers = await Promise.all(Array.from({ length: workers }, () => launchChromiumServer()));
  project.provide(
    'chromiumEndpoints',
    servers.map((s) => s.wsEndpoint()),
  );
  return async () => {
    await Promise.all(servers.map((s) => s.close()));
    // Whatever a timed-out file abandoned in its last minutes is not left running after the run.
    reapOrphanConsoles(fileURLToPath(new URL('../..', import.meta.url)));
  };
}
