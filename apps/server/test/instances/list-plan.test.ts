import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { openTestDatabase } from '../support/database';

/**
 * The console's connections plan a named statement once (db/client.ts, CONNECTION_OPTIONS). By
 * default PostgreSQL re-planned the unfiltered instances list on every run, because its custom
 * plan, knowing LIMIT 10, always looked cheaper than the generic one: 3.5 times the database's
 * CPU per list. PGlite has no statement cache to speak of, so this is PostgreSQL's alone.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('named statements on PostgreSQL', () => {
  let database: Extract<Database, { kind: 'postgres' }>;
  beforeAll(async () => {
    database = (await openTestDatabase()) as Extract<Database, { kind: 'postgres' }>;
  });
  afterAll(() => database?.close());

  it('are planned once (generic plans), never re-planned per run', async () => {
    const client = await database.pool.connect();
    try {
      const tenant = '00000000-0000-4000-8000-000000000001';
      const page = {
        name: 'page_probe',
        // The list's shape: an account's live instances, newest first, a LIMIT and OFFSET as parameters.
        text: `select count(*) over () as total, instance_id, name from instances
               where tenant_id = $1 and status <> 'terminated' order by created_at desc, instance_id desc limit $2 offset $3`,
      };
      for (let i = 0; i < 12; i++) await client.query({ ...page, values: [tenant, 10, 0] });
      const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>('select generic_plans, custom_plans from pg_prepared_statements where name = $1', ['page_probe']);
      expect(rows.map((r) => [Number(r.generic_plans), Number(r.custom_plans)])).toEqual([[12, 0]]);
    } finally {
      client.release();
    }
  });
});
