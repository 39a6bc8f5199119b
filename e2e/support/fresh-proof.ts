import { join } from 'node:path';
import { FRESH_PROOF_MS } from '@replay/contracts';
import { openPglite } from '../../apps/server/src/db/client';
import { sessions } from '../../apps/server/src/db/schema';
import { startConsole, type ConsoleServer } from './server';

/**
 * Makes every session's last proof of identity older than the fresh-proof window, as a
 * session signed in more than five minutes ago has (no journey waits five minutes). PGlite
 * is one process's, so it is written while no console runs; the console comes back on the
 * same data folder and port, and the page's session goes on. Returns the restarted console.
 */
export async function ageSessionProofs(server: ConsoleServer): Promise<ConsoleServer> {
  const port = new URL(server.url).port;
  await server.stop();
  const db = await openPglite(join(server.dataDir, 'pg'));
  await db.db.update(sessions).set({ provenAt: new Date(Date.now() - FRESH_PROOF_MS - 60_000) });
  await db.close();
  return startConsole({ dataDir: server.dataDir, env: { PORT: port } });
}
