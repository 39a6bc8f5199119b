import Database from 'better-sqlite3';

/**
 * The session index, index.sqlite in the data folder. WAL, so a list read never waits on an
 * ingest write; synchronous=NORMAL, so a commit is not fsynced: a committed transaction
 * survives a crash of the agent (it is in the WAL, in the host's page cache), and one lost with
 * the host is rebuilt from the chunks, which are fsynced before a batch is acknowledged.
 * Everything here can be rebuilt from the chunks (catch-up.ts); nothing is only here.
 */

export const INDEX_FILE = 'index.sqlite';
const VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  project_id TEXT,
  started_at INTEGER NOT NULL,
  ended_at INTEGER NOT NULL,
  received_at INTEGER NOT NULL,
  user_id TEXT,
  first_page TEXT,
  last_page TEXT,
  page_count INTEGER NOT NULL,
  clicks INTEGER NOT NULL,
  errors INTEGER NOT NULL,
  events INTEGER NOT NULL,
  browser TEXT,
  device TEXT,
  country TEXT,
  bytes INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS sessions_by_start ON sessions (started_at, id);
CREATE INDEX IF NOT EXISTS sessions_by_received ON sessions (received_at);
CREATE TABLE IF NOT EXISTS session_pages (
  session_id TEXT NOT NULL, seq INTEGER NOT NULL, url TEXT NOT NULL, PRIMARY KEY (session_id, seq)
) STRICT, WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS session_metadata (
  session_id TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (session_id, key)
) STRICT, WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS chunks (
  path TEXT PRIMARY KEY, session_id TEXT NOT NULL, day TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  indexed INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS chunks_by_session ON chunks (session_id);
`;

/** `bytes`: the chunk's size as last seen; `indexed`: the offset its lines were read to. */
export const TABLES = ['sessions', 'session_pages', 'session_metadata', 'chunks'] as const;

export function openIndex(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = OFF');
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > VERSION) throw new Error(`${file} is from a newer agent (schema ${version})`);
  db.exec(SCHEMA);
  db.pragma(`user_version = ${VERSION}`);
  return db;
}
