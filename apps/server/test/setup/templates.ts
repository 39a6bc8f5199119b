import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres } from '../../src/db/client';
import { createLogger } from '../../src/lib/logger';

/**
 * The set-up every server test file used to pay on its own, paid once per run: a migrated
 * database to copy. A new PGlite cluster spends ~5 s in initdb and migrating; loading a dump of
 * a migrated one takes ~1 s. A new PostgreSQL database spends seconds in the 40-odd migrations;
 * `create database … template` copies a migrated one in a fraction. Each file still gets a
 * database of its own (and still runs the migrator, which finds nothing to do), so nothing a
 * file writes is seen by another.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding PGlite's dump (`dumpDataDir`) of a migrated data folder; '' when not made. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database on TEST_DATABASE_URL's server to copy; '' when not made. */
    postgresTemplate: string;
  }
}

type Provide = <K extends 'pgliteTemplate' | 'postgresTemplate'>(key: K, value: string) => void;

export async function makePgliteTemplate(provide: Provide): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'replay-test-template-'));
  const database = await openPglite(null);
  const dump = await database.pglite.dumpDataDir('none');
  await database.close();
  const file = join(dir, 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

/** One statement on the server at `adminUrl`, on a connection of its own; answers its rows. */
export async function runAdmin<Row extends object = object>(adminUrl: string, statement: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const { rows } = await client.query<Row>(statement, values).finally(() => client.end());
  return rows;
}

export async function makePostgresTemplate(provide: Provide): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('the PostgreSQL project needs TEST_DATABASE_URL');
  const name = `tpl_${randomBytes(6).toString('hex')}`;
  await runAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Migrated (the lock holds one connection while the migrator uses another), then every
  // connection closed: a database being copied must have none.
  await (await openPostgres(url.toString(), createLogger('warn'), 2)).close();
  provide('postgresTemplate', name);
  return async () => {
    await runAdmin(adminUrl, `drop database if exists ${name} with (force)`);
  };
}

/**
 * A console's embedded data folder (`<DATA_DIR>/pg`) made from the run's migrated template, when
 * there is one, so the console opens a migrated cluster instead of spending seconds in initdb;
 * the console's own start (which restricts the folder to its owner and runs the migrator) is
 * unchanged. Does nothing without a template: the console then makes the folder itself.
 */
export async function seedPgliteFolder(folder: string, templateFile: string | undefined): Promise<void> {
  if (!templateFile) return;
  const { PGlite } = await import('@electric-sql/pglite');
  const seeded = new PGlite({ dataDir: folder, loadDataDir: new Blob([readFileSync(templateFile)]) });
  await seeded.waitReady;
  await seeded.close();
}
