import { processIo } from './io';
import { run } from './program';

/** The `replay` binary's entry (bin/replay.js). */
export async function main(): Promise<void> {
  process.exitCode = await run(process.argv.slice(2), processIo());
}
