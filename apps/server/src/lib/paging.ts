import { sql } from 'drizzle-orm';

/** A page of a list as every list query takes it: page from 1, at most `limit` rows (bounded by safePaging in contracts). */
export interface PageQuery {
  page: number;
  limit: number;
}

export interface Page<Row> {
  rows: Row[];
  total: number;
}

/** How many rows come before the page. */
export const offsetOf = (q: PageQuery): number => (q.page - 1) * q.limit;

/**
 * The number of rows the query matches in all, carried by each row of the
 * page: `count(*) over ()` is computed over the filtered rows before LIMIT,
 * so page and total come from one statement (one snapshot, one round trip).
 * A separate count query could disagree with the page it was sent beside,
 * and costs a second round trip (on PGlite, a second turn of its one
 * connection).
 */
export const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * The one way a list is paged: `window` reads rows `limit` from `offset`
 * in the list's order, each with `total: totalOver()` among its columns.
 * A page past the end has no row to carry the total, so only then is it
 * counted apart (`countAll`).
 */
export async function readPage<Row extends { total: number }>(q: PageQuery, window: (limit: number, offset: number) => Promise<Row[]>, countAll: () => Promise<{ n: number }[]>): Promise<Page<Row>> {
  const rows = await window(q.limit, offsetOf(q));
  if (rows.length > 0 || q.page === 1) return { rows, total: rows[0]?.total ?? 0 };
  const [counted] = await countAll();
  return { rows: [], total: counted?.n ?? 0 };
}
