import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '../db/client';
import { withPgliteDates } from '../db/pglite-parsers';

/**
 * pg-boss on the console's own database. Embedded PGlite is one connection,
 * so pg-boss shares it through the adapter; on PostgreSQL it keeps a small
 * pool of its own.
 */
export function createBoss(database: Database): PgBoss {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(withPgliteDates(database.pglite) as Parameters<typeof fromPglite>[0]), backend: 'pglite' })
      : // Each queue supervised every 5 s (pg-boss's default is 60; a pass needs both timers): a job whose process
        // died stops beating (heartbeatSeconds on its queue) and is retried by another process within about 15 s,
        // well inside the 30 s a takeover may take.
        new PgBoss({ connectionString: database.url, max: 3, superviseIntervalSeconds: 5, monitorIntervalSeconds: 5 });
  return boss;
}
