/** Vitest's globalSetup for the projects whose tests load the built tracker (agent, e2e): built (when stale) before any file runs. */
import { ensureTrackerBuilt } from './build.mjs';

export default async function setup(): Promise<void> {
  await ensureTrackerBuilt();
}
