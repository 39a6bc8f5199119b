import { parse, protocol, type PGlite, type Results, type RowMode } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Statements kept prepared per PGlite instance; the least recently used is closed past it. */
const STATEMENT_LIMIT = 500;

/** Only reads and writes of rows are worth keeping: DDL and session commands run once or do not plan. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

type Statement = { name: string; paramTypes: number[] };

/** Protocol messages sent in one call into PGlite. */
const concat = (parts: Uint8Array[]): Uint8Array => Buffer.concat(parts);

/** Raised as PGlite raises a failed query: the statement and its parameters on the error. */
function withQuery(error: unknown, text: string, params: unknown[]): unknown {
  if (error && typeof error === 'object' && 'severity' in error) Object.assign(error, { query: text, params });
  return error;
}

/**
 * Named prepared statements for PGlite, kept by their text. PGlite's `query` parses, plans and
 * describes every statement again on each run, in five calls into its WebAssembly; planning is
 * the larger part of a console's query there (the caller's read: about 0.75 ms of 1 ms). A
 * statement seen before is bound and executed in one call instead, and PostgreSQL plans it as
 * it plans any prepared statement (custom plans first, a generic one once it is no worse).
 * The same values are sent and read as PGlite's own `query` would (its serializers and parsers).
 */
export function preparedStatements(pglite: PGlite, limit = STATEMENT_LIMIT) {
  const known = new Map<string, Statement>();
  let made = 0;

  async function prepare(text: string): Promise<Statement> {
    const name = `s${++made}`;
    const { messages } = await pglite.execProtocol(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    known.set(text, statement);
    if (known.size > limit) {
      const [oldest, { name: closing }] = known.entries().next().value as [string, Statement];
      known.delete(oldest);
      await pglite.execProtocol(concat([serialize.close({ type: 'S', name: closing }), serialize.sync()]), { syncToFs: false });
    }
    return statement;
  }

  /** The statement of this text, the most recently used from now on. */
  async function statementOf(text: string): Promise<Statement> {
    const statement = known.get(text);
    if (!statement) return prepare(text);
    known.delete(text);
    known.set(text, statement);
    return statement;
  }

  function values(statement: Statement, params: unknown[]): (string | null)[] {
    return params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
  }

  /** Runs `text` prepared; call it holding PGlite's query lock (`_runExclusiveQuery`). */
  async function run<T>(text: string, params: unknown[], rowMode: RowMode | undefined): Promise<Results<T>> {
    try {
      const statement = await statementOf(text);
      const message = concat([serialize.bind({ statement: statement.name, values: values(statement, params) }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
      const { messages } = await pglite.execProtocol(message, { syncToFs: false });
      return parse.parseResults(messages, pglite.parsers, rowMode ? { rowMode } : undefined)[0] as Results<T>;
    } catch (error) {
      throw withQuery(error, text, params);
    }
  }

  return { preparable: (text: string) => PREPARABLE.test(text), run };
}
