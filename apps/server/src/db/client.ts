import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import * as schema from './schema';
import type { Logger } from 'pino';
import { restrictToOwner } from './private-dir';
import { drizzleClient, withPgliteDates } from './pglite-parsers';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any number arbitrary but fixed: serializes migrations across console processes. */
const MIGRATION_LOCK_KEY = 72_144_001;

/**
 * Runs a statement the ORM built, as it is: rows as arrays of values the
 * driver parsed. For the one read where the ORM's per-row mapping showed in
 * profiles; `name` makes it a prepared statement on PostgreSQL.
 */
export type RunPrepared = (name: string, text: string, params: unknown[]) => Promise<unknown[][]>;

export type Database =
  /** `pglite` reads timestamps, dates and intervals as text, as drizzle does; `withPgliteDates` reads them as PGlite alone does (db/pglite-parsers.ts). */
  | { kind: 'pglite'; db: Db; pglite: PGlite; runPrepared: RunPrepared; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; url: string; runPrepared: RunPrepared; close(): Promise<void> };

/**
 * PGlite in a folder (or in memory when dataDir is null), migrated. `from` is a data folder
 * dumped by PGlite's `dumpDataDir` to start from instead of an empty cluster: a new cluster's
 * initdb takes seconds, loading a dump a fraction of that (the tests' migrated template).
 */
export async function openPglite(dataDir: string | null, from?: Blob): Promise<Extract<Database, { kind: 'pglite' }>> {
  const pglite = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(from ? { loadDataDir: from } : {}) });
  await pglite.waitReady;
  // PGlite writes a new folder's files 0666 whatever the umask (they come out of its bundled image).
  if (dataDir) restrictToOwner(dataDir);
  const db = drizzlePglite(drizzleClient(pglite), { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  const dates = withPgliteDates(pglite);
  const runPrepared: RunPrepared = async (_name, text, params) => (await dates.query<unknown[]>(text, params, { rowMode: 'array' })).rows;
  return { kind: 'pglite', db, pglite, runPrepared, close: () => pglite.close() };
}

/**
 * Connections to keep when the setting is absent: twice the cores plus one
 * (the sizing rule of PostgreSQL's wiki and HikariCP). A query runs on one
 * core, so more connections than that only queue inside the server, where
 * waiting costs context switches; in the console's pool it costs nothing.
 * On the 2-core machines here: 5 (pg's own default is 10).
 */
export const defaultPoolSize = (): number => availableParallelism() * 2 + 1;

/**
 * Every connection plans the console's named prepared statements once (generic plans; unnamed
 * ones, every other query, are planned per run whatever this says). They are lookups by key and
 * the instances list; PostgreSQL's default kept re-planning the unfiltered list on every run, its
 * custom plan (which knows LIMIT 10) always looking cheaper than the generic one: 560 µs of the
 * database's CPU per list against 160 µs planned once (docs/decisions/server.md). A URL that sets
 * `options` itself wins (node-postgres reads the URL last).
 */
export const CONNECTION_OPTIONS = '-c plan_cache_mode=force_generic_plan';

/**
 * A PostgreSQL server through a pool, migrated under an advisory lock. The caller hands the
 * logger (the console's, or `createLogger('warn')`): db/ sits below lib/, which reads it.
 */
export async function openPostgres(url: string, logger: Pick<Logger, 'warn'>, poolSize = defaultPoolSize()): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: CONNECTION_OPTIONS });
  // An idle connection the server drops (restart, admin kill) must not crash the process; the pool replaces it.
  pool.on('error', (err) => logger.warn({ err }, 'idle database connection lost'));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(db as never, { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
  const runPrepared: RunPrepared = async (name, text, values) => (await pool.query<unknown[]>({ name, text, values, rowMode: 'array' })).rows;
  return { kind: 'postgres', db, pool, url, runPrepared, close: () => pool.end() };
}
