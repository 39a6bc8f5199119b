import type Database from 'better-sqlite3';
import { type SessionFilter, encodeCursor } from './filters.ts';

/** A session as the instance's API answers it. */
export interface SessionSummary {
  sessionId: string;
  projectId: string | null;
  startedAt: number;
  endedAt: number;
  durationMs: number;
  /** When its last batch came, by the server's clock: what retention goes by. */
  lastReceivedAt: number;
  userId: string | null;
  metadata: Record<string, string>;
  firstPage: string | null;
  pageCount: number;
  clicks: number;
  errorCount: number;
  eventCount: number;
  browser: string | null;
  device: string | null;
  /** Null: no geolocation database ships with the agent. */
  country: string | null;
  bytes: number;
}

const COLUMNS = `s.id AS sessionId, s.project_id AS projectId, s.started_at AS startedAt, s.ended_at AS endedAt,
  s.ended_at - s.started_at AS durationMs, s.received_at AS lastReceivedAt, s.user_id AS userId,
  (SELECT json_group_object(m.key, m.value) FROM session_metadata m WHERE m.session_id = s.id) AS metadata,
  s.first_page AS firstPage, s.page_count AS pageCount, s.clicks, s.errors AS errorCount, s.events AS eventCount,
  s.browser, s.device, s.country, s.bytes`;

type Row = Omit<SessionSummary, 'metadata'> & { metadata: string };
const summaryOf = (row: Row): SessionSummary => ({ ...row, metadata: JSON.parse(row.metadata) as Record<string, string> });

/** The WHERE clause of a filter and its parameters; every value is bound, never spliced. */
function where(filter: SessionFilter): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    clauses.push(sql);
    params.push(...values);
  };
  if (filter.from !== undefined) add('s.started_at >= ?', filter.from);
  if (filter.to !== undefined) add('s.started_at < ?', filter.to);
  if (filter.duration) add(`s.ended_at - s.started_at ${filter.duration.op === '<' ? '<' : '>'} ?`, filter.duration.ms);
  if (filter.userId !== undefined) add('s.user_id = ?', filter.userId);
  if (filter.page !== undefined) add('EXISTS (SELECT 1 FROM session_pages p WHERE p.session_id = s.id AND instr(lower(p.url), lower(?)) > 0)', filter.page);
  if (filter.hasErrors !== undefined) add(filter.hasErrors ? 's.errors > 0' : 's.errors = 0');
  for (const [key, value] of filter.meta) add('EXISTS (SELECT 1 FROM session_metadata m WHERE m.session_id = s.id AND m.key = ? AND m.value = ?)', key, value);
  if (filter.projectIds) {
    const named = filter.projectIds.filter((id): id is string => id !== null);
    const either = [...(named.length ? [`s.project_id IN (${named.map(() => '?').join(', ')})`] : []), ...(filter.projectIds.includes(null) ? ['s.project_id IS NULL'] : [])];
    add(`(${either.join(' OR ')})`, ...named);
  }
  if (filter.cursor) add('(s.started_at < ? OR (s.started_at = ? AND s.id < ?))', filter.cursor.startedAt, filter.cursor.startedAt, filter.cursor.id);
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** Newest first; `nextCursor` is null on the last page. */
export function listSessions(db: Database.Database, filter: SessionFilter): { sessions: SessionSummary[]; nextCursor: string | null } {
  const { sql, params } = where(filter);
  const rows = db.prepare<unknown[], Row>(`SELECT ${COLUMNS} FROM sessions s ${sql} ORDER BY s.started_at DESC, s.id DESC LIMIT ?`).all(...params, filter.limit + 1);
  const page = rows.slice(0, filter.limit).map(summaryOf);
  const last = page.at(-1);
  return { sessions: page, nextCursor: rows.length > filter.limit && last ? encodeCursor(last.startedAt, last.sessionId) : null };
}

/** One session with the pages it visited, in order; null when the index has no such session. */
export function readSession(db: Database.Database, id: string): (SessionSummary & { pages: string[] }) | null {
  const row = db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM sessions s WHERE s.id = ?`).get(id);
  if (!row) return null;
  const pages = db
    .prepare<[string], { url: string }>('SELECT url FROM session_pages WHERE session_id = ? ORDER BY seq')
    .all(id)
    .map((p) => p.url);
  return { ...summaryOf(row), pages };
}

/** Whether the index holds the session. */
export const hasSession = (db: Database.Database, id: string): boolean => db.prepare<[string], { one: number }>('SELECT 1 AS one FROM sessions WHERE id = ?').get(id) !== undefined;

/** The chunks of a session, oldest first, as paths under the data folder. */
export const chunksOf = (db: Database.Database, id: string): string[] =>
  db
    .prepare<[string], { path: string }>('SELECT path FROM chunks WHERE session_id = ? ORDER BY day, path')
    .all(id)
    .map((c) => c.path);

/** Sessions that started in [from, to), and the distinct user ids among them (the weekly report's figures). */
export function countSessions(db: Database.Database, from: number, to: number): { sessions: number; users: number } {
  return db
    .prepare<[number, number], { sessions: number; users: number }>('SELECT count(*) AS sessions, count(DISTINCT user_id) AS users FROM sessions WHERE started_at >= ? AND started_at < ?')
    .get(from, to)!;
}
