import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/db/client';
import { createLogger } from '../../apps/server/src/lib/logger';
import { runAdmin, seedPgliteFolder } from '../../apps/server/test/setup/templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database the e2e consoles are copied from (support/postgres-template.ts); '' without TEST_DATABASE_URL. */
    e2ePostgresTemplate: string;
  }
}

/**
 * Where an e2e console keeps its data. With TEST_DATABASE_URL (CI sets it), a PostgreSQL database
 * copied from the run's migrated template: PGlite, PostgreSQL compiled to WebAssembly, cost each
 * console seconds of CPU to start and several times a native server's CPU for every statement
 * after, on a run that is CPU-bound from start to end (docs/decisions/testing.md). Without it, and
 * for a journey that asks for it (`embedded`: the one `npm start` runs), the embedded PGlite
 * folder, seeded from the run's migrated one. The server projects test every query on both.
 */
export function postgresTemplate(): string {
  return process.env.TEST_DATABASE_URL ? (inject('e2ePostgresTemplate') ?? '') : '';
}

/** The database of the console on `dataDir`: named after the folder, so a restart on the folder finds it again. */
export function databaseNameOf(template: string, dataDir: string): string {
  return `${template}_c_${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
}

function urlOf(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

const admin = (statement: string, values: unknown[] = []) => runAdmin(process.env.TEST_DATABASE_URL!, statement, values);

/**
 * The token signing key a console on PostgreSQL must be given (an embedded one keeps its own in
 * its folder), kept in the folder too, so that a restart on it keeps the page's session.
 */
function jwtSecretOf(dataDir: string): string {
  const file = join(dataDir, 'e2e-jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8');
}

/**
 * The settings that point a console at its data, made ready. Without the e2e project's template
 * (the server projects' consoles), for the journey that asks for it (`embedded`), and for a folder
 * that holds an embedded database already (a restart), PGlite: a new console's (`fresh`) folder
 * seeded from the run's migrated one. Else the folder's own PostgreSQL database, copied from the
 * template the first time. A console on PostgreSQL waits no drain delay at its stop: no balancer
 * stands in front of a journey's.
 */
export async function prepareConsoleData(dataDir: string, fresh: boolean, embedded: boolean): Promise<Record<string, string>> {
  const template = postgresTemplate();
  if (!template || embedded || existsSync(join(dataDir, 'pg'))) {
    if (fresh) await seedPgliteFolder(join(dataDir, 'pg'), inject('pgliteTemplate'));
    return {};
  }
  const name = databaseNameOf(template, dataDir);
  if ((await admin('select 1 from pg_database where datname = $1', [name])).length === 0) await admin(`create database ${name} template ${template}`);
  return { DATABASE_URL: urlOf(name), JWT_SECRET: jwtSecretOf(dataDir), SHUTDOWN_DRAIN_DELAY_SECONDS: '0' };
}

/** The console's database, opened from the test (a console on PGlite must be stopped first: one process holds it). */
export function openConsoleDatabase(server: { dataDir: string; databaseUrl: string | null }): Promise<Database> {
  // Two connections: the migrator's lock holds one while the migrator (which finds nothing to do) uses another.
  return server.databaseUrl ? openPostgres(server.databaseUrl, createLogger('warn'), 2) : openPglite(join(server.dataDir, 'pg'));
}

/** Drops the console's database, if it has one of its own; the run's teardown drops any left (postgres-template.ts). */
export function dropConsoleDatabase(databaseUrl: string | null): void {
  if (!databaseUrl) return;
  const name = new URL(databaseUrl).pathname.slice(1);
  admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
}
