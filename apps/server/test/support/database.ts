import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/db/client';
import { createLogger } from '../../src/lib/logger';
import '../setup/templates';

/** The run's migrated PGlite data folder (setup/templates.ts), when this project made one. */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  return file ? new Blob([readFileSync(file)]) : undefined;
}

/** `create database` of a new one, copied from the run's migrated template when this project made one. */
function createStatement(name: string): string {
  const template = inject('postgresTemplate');
  return template ? `create database ${name} template ${template}` : `create database ${name}`;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (when
 * TEST_DB=postgres) a new database on the TEST_DATABASE_URL server, dropped
 * afterwards. Both start from the run's migrated template when there is one.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return openPglite(null, pgliteTemplate());
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(createStatement(name));
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), createLogger('warn'), 5);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * The database a console process started by a test should use: on the
 * PostgreSQL project, a fresh database on the TEST_DATABASE_URL server (with
 * the env that points a console at it, and a way to drop it); on PGlite,
 * none (the console embeds its own in its data folder).
 */
export async function consoleDatabase(prefix: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !adminUrl) return { env: {}, drop: async () => undefined };
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(createStatement(name));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), JWT_SECRET: `${prefix}-test-secret-${prefix}-test-secret-0123` },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
