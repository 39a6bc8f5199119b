import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '../db/client';

/**
 * pg-boss on the console's own database. Embedded PGlite is one connection,
 * so pg-boss shares it through the adapter; on PostgreSQL it keeps a small
 * pool of its own.
 */
export function createBoss(database: Database): PgBoss {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite' })
      : new PgBoss({ connectionString: database.url, max: 3 });
  return boss;
}
