import { types, type PGlite, type ParserOptions, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { preparedStatements } from './pglite-statements';

/**
 * The types drizzle-orm reads as text and maps itself: timestamps, dates, intervals, their
 * arrays and numeric arrays, the overrides its PGlite driver passes with every query
 * (drizzle-orm/pglite/session.js). Each array with its element's type.
 */
const ELEMENT_OF = { 1115: types.TIMESTAMP, 1185: types.TIMESTAMPTZ, 1187: types.INTERVAL, 1182: types.DATE, 1231: types.NUMERIC } as const;
const READ_AS_TEXT = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, ...Object.keys(ELEMENT_OF).map(Number)];

const asText = (value: string) => value;

/** PGlite's own parsers of those types (Dates, and arrays of them), for the readers that are not drizzle. */
const PGLITE_OWN: ParserOptions = Object.fromEntries(
  READ_AS_TEXT.map((oid) => {
    const element = ELEMENT_OF[oid as keyof typeof ELEMENT_OF];
    const parse = element === undefined ? (types.parsers[oid] ?? asText) : (value: string) => types.arrayParser(value, types.parsers[element] ?? asText, oid);
    return [oid, parse];
  }),
);

type Queryable = Pick<Transaction, 'query'>;

type Statements = ReturnType<typeof preparedStatements>;

/** One set of prepared statements per instance, however many clients are made of it (their names are the instance's). */
const STATEMENTS = new WeakMap<PGlite, Statements>();
const statementsOf = (pglite: PGlite): Statements => STATEMENTS.get(pglite) ?? STATEMENTS.set(pglite, preparedStatements(pglite)).get(pglite)!;

/**
 * Passes drizzle's queries on with their row mode and without its parsers, which the instance now
 * holds: reads and writes of rows as prepared statements, under PGlite's own locks (a query outside
 * a transaction waits for any transaction to end, as PGlite's `query` does), the rest to `client`.
 */
function withoutQueryParsers(pglite: PGlite, statements: Statements, client: Queryable, inTransaction: boolean): Queryable {
  return {
    query: async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
      if (!statements.preparable(text)) return client.query<T>(text, params, options && { rowMode: options.rowMode });
      const run = () => pglite._runExclusiveQuery(() => statements.run<T>(text, params, options?.rowMode));
      if (inTransaction) return run();
      const result = await pglite._runExclusiveTransaction(run);
      await pglite.syncToFs();
      return result;
    },
  };
}

/**
 * The client drizzle is given. PGlite merges a query's own parsers into a copy of the instance's
 * 318 (`{...instance, ...query}`) for every query, and drizzle passes its nine with every query:
 * the copy was more than half of a one-row query's time, and about a sixth of the generated suites' CPU on
 * PGlite. The instance holds drizzle's nine instead, set once here, and drizzle's queries reach
 * PGlite without them: the same values, read the same way, no copy.
 */
export function drizzleClient(pglite: PGlite): PGlite {
  for (const oid of READ_AS_TEXT) pglite.parsers[oid] = asText;
  const statements = statementsOf(pglite);
  const client = {
    ...withoutQueryParsers(pglite, statements, pglite, false),
    // Drizzle's transactions only query (savepoints included).
    transaction: <T>(run: (tx: Queryable) => Promise<T>) => pglite.transaction((tx) => run(withoutQueryParsers(pglite, statements, tx, true))),
  };
  return client as unknown as PGlite;
}

const OWN_PARSERS_ONLY: QueryOptions = { parsers: PGLITE_OWN };

/** A query's options with PGlite's own parsers under its own; the one shared object when it brings none (pg-boss never does). */
const withOwnParsers = (options?: QueryOptions): QueryOptions => (options ? { ...options, parsers: options.parsers ? { ...PGLITE_OWN, ...options.parsers } : PGLITE_OWN } : OWN_PARSERS_ONLY);

/**
 * The instance as PGlite alone reads it, for the readers that are not drizzle (pg-boss, a prepared
 * read): their queries bring PGlite's own parsers of the nine types back, Dates as before.
 */
export function withPgliteDates(pglite: PGlite): Pick<PGlite, 'query' | 'exec' | 'listen'> {
  return {
    query: (text, params, options) => pglite.query(text, params, withOwnParsers(options)),
    exec: (text, options) => pglite.exec(text, withOwnParsers(options)),
    listen: (channel, callback, tx) => pglite.listen(channel, callback, tx),
  };
}
