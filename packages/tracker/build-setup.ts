/** Vitest's globalSetup for the projects whose tests load the built tracker (agent, e2e): one build before any file runs. */
import { buildTracker } from './build.mjs';

export default async function setup(): Promise<void> {
  await buildTracker();
}
