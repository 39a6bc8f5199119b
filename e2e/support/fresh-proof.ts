import { FRESH_PROOF_MS } from '@replay/contracts';
import { sessions } from '../../apps/server/src/db/schema';
import { writeWhileStopped } from './console-writes';
import type { ConsoleServer } from './server';

/**
 * Makes every session's last proof of identity older than the fresh-proof window, as a
 * session signed in more than five minutes ago has (no journey waits five minutes); the
 * page's session goes on. Returns the restarted console.
 */
export function ageSessionProofs(server: ConsoleServer): Promise<ConsoleServer> {
  return writeWhileStopped(server, async (db) => {
    await db.db.update(sessions).set({ provenAt: new Date(Date.now() - FRESH_PROOF_MS - 60_000) });
  });
}
