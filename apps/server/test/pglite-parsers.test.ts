import { PGlite, type ParserOptions } from '@electric-sql/pglite';
import { NoopCache } from 'drizzle-orm/cache/core';
import { NoopLogger } from 'drizzle-orm/logger';
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzleClient, withPgliteDates } from '../src/db/pglite-parsers';

/**
 * db/pglite-parsers.ts moves drizzle's per-query parsers onto the PGlite instance. Every value
 * must read as before: through drizzle's client as drizzle's own parsers read it, and through
 * withPgliteDates as PGlite alone reads it, Dates included.
 */
const EVERY_KIND = `select
  timestamp '2026-01-02 03:04:05.678' as ts, timestamptz '2026-01-02 03:04:05.678+02' as tstz,
  interval '1 day 02:03:04' as iv, date '2026-01-02' as d, 1.50::numeric as n,
  array[timestamp '2026-01-02 03:04:05', null] as ts_list, array[timestamptz '2026-01-02 03:04:05+00'] as tstz_list,
  array[interval '1 hour'] as iv_list, array[date '2026-01-02'] as d_list, array[1.5::numeric, 2] as n_list,
  array['a', 'b,c'] as text_list, array[1, 2] as int_list, '{"k": [1]}'::jsonb as doc, true as flag, null::timestamptz as nothing`;

/** The parsers drizzle's PGlite driver passes with each query, read from drizzle itself (a field it keeps private). */
const drizzleQuery = new PglitePreparedQuery(null as never, '', [], new NoopLogger(), new NoopCache(), undefined, undefined, undefined, undefined, true, undefined);
const drizzleParsers = (drizzleQuery as unknown as { queryConfig: { parsers: ParserOptions } }).queryConfig.parsers;

let pglite: PGlite;
let asPgliteAlone: unknown[];
let asDrizzleReads: unknown[];

beforeAll(async () => {
  pglite = new PGlite();
  await pglite.waitReady;
  // The reference readings, taken before the instance holds drizzle's parsers.
  asPgliteAlone = (await pglite.query<unknown[]>(EVERY_KIND, [], { rowMode: 'array' })).rows;
  asDrizzleReads = (await pglite.query<unknown[]>(EVERY_KIND, [], { rowMode: 'array', parsers: drizzleParsers })).rows;
  drizzleClient(pglite);
}, 60_000);
afterAll(() => pglite?.close());

describe("PGlite's parsers held by the instance", () => {
  it('the references differ where drizzle reads text: a Date for PGlite, the text for drizzle', () => {
    expect((asPgliteAlone[0] as unknown[])[0]).toBeInstanceOf(Date);
    expect((asDrizzleReads[0] as unknown[])[0]).toBe('2026-01-02 03:04:05.678');
  });

  it("reads every kind through drizzle's client as drizzle's own parsers did, in and out of a transaction", async () => {
    const client = drizzleClient(pglite);
    expect((await client.query(EVERY_KIND, [], { rowMode: 'array', parsers: drizzleParsers })).rows).toEqual(asDrizzleReads);
    const inTransaction = await client.transaction((tx) => tx.query(EVERY_KIND, [], { rowMode: 'array', parsers: drizzleParsers }));
    expect(inTransaction.rows).toEqual(asDrizzleReads);
  });

  it('reads every kind through withPgliteDates as PGlite alone did, by query and by exec', async () => {
    const alone = withPgliteDates(pglite);
    expect((await alone.query(EVERY_KIND, [], { rowMode: 'array' })).rows).toEqual(asPgliteAlone);
    const [executed] = await alone.exec(EVERY_KIND, { rowMode: 'array' });
    expect(executed!.rows).toEqual(asPgliteAlone);
  });
});
