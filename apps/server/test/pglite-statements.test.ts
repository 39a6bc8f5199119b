import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzleClient } from '../src/db/pglite-parsers';
import { preparedStatements } from '../src/db/pglite-statements';

/**
 * db/pglite-statements.ts runs drizzle's reads and writes on PGlite as named prepared statements.
 * They must send and read every value as PGlite's own `query` does, be prepared once per text,
 * keep to their limit, fail as a query fails, and never slip into another caller's transaction.
 */
let pglite: PGlite;
let client: PGlite;

const prepared = async (): Promise<string[]> => (await pglite.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time, name')).rows.map((r) => r.statement);

beforeAll(async () => {
  pglite = new PGlite();
  await pglite.waitReady;
  await pglite.exec('create table notes (id int primary key, body jsonb, tags text[], at timestamptz, done boolean, data bytea)');
  client = drizzleClient(pglite);
}, 60_000);
afterAll(() => pglite?.close());

describe('prepared statements on PGlite', () => {
  const insert = 'insert into notes (id, body, tags, at, done, data) values ($1, $2, $3, $4, $5, $6) returning *';
  const values = [1, { k: ['v', 2] }, ['a', 'b,c'], new Date('2026-01-02T03:04:05.678Z'), true, new Uint8Array([0, 255])];

  it('sends and reads every value as PGlite does, preparing the text once however often it runs', async () => {
    const written = await client.query(insert, values);
    const read = 'select id, body, tags, at, done, data, $1::int + 1 as next from notes where id = $2';
    const first = await client.query(read, [41, 1], { rowMode: 'array' });
    const again = await client.query(read, [41, 1], { rowMode: 'array' });
    // PGlite's own query, on the same instance (its parsers: timestamps read as text, as drizzle reads them).
    const own = await pglite.query(read, [41, 1], { rowMode: 'array' });
    expect(first.rows).toEqual(own.rows);
    expect(again.rows).toEqual(own.rows);
    expect(first.rows[0]).toEqual([1, { k: ['v', 2] }, ['a', 'b,c'], '2026-01-02 03:04:05.678+00', true, new Uint8Array([0, 255]), 42]);
    expect(written.rows).toEqual((await pglite.query('select * from notes where id = 1')).rows);
    expect(written.affectedRows).toBe(1);
    expect((await prepared()).filter((s) => s === read)).toHaveLength(1);
  });

  it('leaves statements that do not read or write rows to PGlite', async () => {
    await client.query('create table scratch (n int)');
    expect(await prepared()).not.toContain('create table scratch (n int)');
  });

  it('fails as a query fails, and the instance goes on answering', async () => {
    await expect(client.query(insert, values)).rejects.toMatchObject({ code: '23505', query: insert });
    await expect(client.query('select $1::uuid', ['not-a-uuid'])).rejects.toMatchObject({ code: '22P02' });
    await expect(client.query('select nothing from notes')).rejects.toMatchObject({ code: '42703' });
    expect((await client.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 1 }]);
  });

  it('rolls back a transaction whose prepared statement failed, and keeps the statement for the next run', async () => {
    const failed = client.transaction(async (tx) => {
      await tx.query(insert, [2, null, null, null, false, null]);
      await tx.query(insert, [2, null, null, null, false, null]);
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect((await client.query('select id from notes order by id', [], { rowMode: 'array' })).rows).toEqual([[1]]);
    await client.query(insert, [2, null, null, null, false, null]);
    expect((await prepared()).filter((s) => s === insert)).toHaveLength(1);
  });

  it('runs a query outside a transaction after the transaction, never inside it', async () => {
    let release!: () => void;
    let inserted!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const midway = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query(insert, [3, null, null, null, false, null]);
      inserted();
      await held;
      await tx.query('update notes set done = true where id = $1', [3]);
    });
    await midway;
    // Inside the transaction it would read the row half-made (done false); it waits for the commit.
    const outside = client.query('select done from notes where id = $1', [3]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ done: true }]);
  });

  it('keeps the most recently used statements to its limit, closing the others', async () => {
    const own = new PGlite();
    await own.waitReady;
    const statements = preparedStatements(own, 2);
    const run = (text: string) => own._runExclusiveQuery(() => statements.run(text, [], 'array'));
    for (const text of ['select 1', 'select 2', 'select 1', 'select 3']) await run(text);
    const left = await own.query<{ statement: string }>('select statement from pg_prepared_statements order by statement');
    expect(left.rows.map((r) => r.statement)).toEqual(['select 1', 'select 3']);
    expect((await run('select 2')).rows).toEqual([[2]]);
    await own.close();
  });
});
