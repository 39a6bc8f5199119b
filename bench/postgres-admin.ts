import pg from 'pg';

/** The PostgreSQL server the database benches create their own databases on (BENCH_DATABASE_URL, default the local one). */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One statement on the server's admin database (create or drop a bench's database), on a connection of its own. */
export async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
