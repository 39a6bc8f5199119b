import type { Database } from '../../apps/server/src/db/client';
import { openConsoleDatabase } from './console-database';
import { startConsole, type ConsoleServer } from './server';

/**
 * Writes to a console's database what no call writes (an account from before a rule, a session
 * signed in long ago), while the console is stopped: PGlite is one process's, and a console on
 * either database may hold what it read (the account's edition, a session's proof). The console
 * comes back on the same data folder, database, port and settings (agents were told the console's
 * origin when they started, and are adopted after the restart). Returns the restarted console.
 */
export async function writeWhileStopped(server: ConsoleServer, write: (db: Database) => Promise<void>): Promise<ConsoleServer> {
  const port = new URL(server.url).port;
  await server.stop();
  const db = await openConsoleDatabase(server);
  try {
    await write(db);
  } finally {
    await db.close();
  }
  return startConsole({ dataDir: server.dataDir, env: { ...server.env, PORT: port } });
}
