import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildServerBundle } from '../../apps/server/build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The console's server bundled once for the run (apps/server/build.ts): what every e2e console runs. */
    serverBundle: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Vitest's global set-up of the e2e project: the server built once per run. Each console then
 * starts from one file instead of tsx transpiling and loading the sources, seconds of CPU per
 * console, and a file may start several. In the checkout's ignored dist/ (its npm packages
 * resolve from there), a folder per run so that two runs do not share one.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const parent = join(root, 'apps/server/dist');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'e2e-'));
  project.provide('serverBundle', await buildServerBundle(dir));
  return () => rmSync(dir, { recursive: true, force: true });
}
