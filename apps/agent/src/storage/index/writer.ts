import type Database from 'better-sqlite3';
import type { ChunkRef } from '../chunks/files.ts';
import type { StoredBatch } from '../chunks/records.ts';
import { factsOf, newPages } from './facts.ts';
import { TABLES } from './schema.ts';
import { browserOf, deviceOf } from './user-agent.ts';

interface SessionRow {
  id: string;
  project_id: string | null;
  started_at: number;
  ended_at: number;
  received_at: number;
  user_id: string | null;
  first_page: string | null;
  last_page: string | null;
  page_count: number;
  clicks: number;
  errors: number;
  events: number;
  browser: string | null;
  device: string | null;
  /** No geolocation database ships with the agent: null until one does. */
  country: string | null;
  bytes: number;
}

export interface ChunkState {
  sessionId: string;
  bytes: number;
  indexed: number;
}

const newRow = (id: string, at: number, projectId: string | null): SessionRow => ({
  id,
  project_id: projectId,
  started_at: at,
  ended_at: at,
  received_at: at,
  user_id: null,
  first_page: null,
  last_page: null,
  page_count: 0,
  clicks: 0,
  errors: 0,
  events: 0,
  browser: null,
  device: null,
  country: null,
  bytes: 0,
});

/** The index's writes; each public method is one transaction. */
export class IndexWriter {
  private readonly db: Database.Database;
  private readonly statements;

  constructor(db: Database.Database) {
    this.db = db;
    const columns = Object.keys(newRow('', 0, null));
    this.statements = {
      session: db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?'),
      saveSession: db.prepare(`INSERT OR REPLACE INTO sessions (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`),
      page: db.prepare('INSERT OR REPLACE INTO session_pages (session_id, seq, url) VALUES (?, ?, ?)'),
      meta: db.prepare('INSERT OR REPLACE INTO session_metadata (session_id, key, value) VALUES (?, ?, ?)'),
      chunk: db.prepare<[string], ChunkState>('SELECT session_id AS sessionId, bytes, indexed FROM chunks WHERE path = ?'),
      saveChunk: db.prepare('INSERT OR REPLACE INTO chunks (path, session_id, day, bytes, indexed) VALUES (?, ?, ?, ?, ?)'),
      chunks: db.prepare<[], ChunkState & { path: string }>('SELECT path, session_id AS sessionId, bytes, indexed FROM chunks'),
    };
  }

  chunk(path: string): ChunkState | undefined {
    return this.statements.chunk.get(path);
  }

  chunks(): Map<string, ChunkState> {
    return new Map(this.statements.chunks.all().map(({ path, ...state }) => [path, state]));
  }

  /**
   * Adds `batches`, read from `ref` up to offset `indexed` of a chunk now `bytes` long, to the
   * session's row, in one transaction. A chunk with no batch (bytes that are not lines yet)
   * still makes its session's row, dated `undatedAt`, so its bytes are counted and can be freed.
   */
  add(ref: ChunkRef, batches: readonly StoredBatch[], chunk: { bytes: number; indexed: number }, undatedAt: number): void {
    this.db.transaction(() => {
      const first = batches[0]?.head;
      let row = this.statements.session.get(ref.sessionId) ?? newRow(ref.sessionId, first?.at ?? undatedAt, first?.projectId ?? null);
      for (const batch of batches) row = this.addBatch(row, batch);
      row.bytes += chunk.bytes - (this.statements.chunk.get(ref.path)?.bytes ?? 0);
      this.statements.saveSession.run(row);
      this.statements.saveChunk.run(ref.path, ref.sessionId, ref.day, chunk.bytes, chunk.indexed);
    })();
  }

  private addBatch(row: SessionRow, { head, events }: StoredBatch): SessionRow {
    const facts = factsOf(events, head.url);
    const next = { ...row };
    // The session's span by its own clock (rrweb's timestamps) once it has events, by the server's
    // until then; when it last sent (what retention goes by) always by the server's.
    if (facts.firstAt !== null && facts.lastAt !== null) {
      next.started_at = row.events === 0 ? facts.firstAt : Math.min(row.started_at, facts.firstAt);
      next.ended_at = row.events === 0 ? facts.lastAt : Math.max(row.ended_at, facts.lastAt);
    } else if (row.events === 0) {
      next.started_at = Math.min(row.started_at, head.at);
      next.ended_at = Math.max(row.ended_at, head.at);
    }
    next.received_at = Math.max(row.received_at, head.at);
    next.user_id = head.userId ?? row.user_id;
    next.browser = row.browser ?? browserOf(head.userAgent);
    next.device = row.device ?? deviceOf(head.userAgent);
    const added = newPages(row.last_page, facts.pages);
    added.forEach((url, i) => this.statements.page.run(row.id, row.page_count + i, url));
    next.first_page = row.first_page ?? added[0] ?? null;
    next.last_page = added.at(-1) ?? row.last_page;
    next.page_count = row.page_count + added.length;
    next.clicks += facts.clicks;
    next.errors += facts.errors;
    next.events += facts.events;
    for (const [key, value] of Object.entries(head.metadata ?? {})) if (typeof value === 'string') this.statements.meta.run(row.id, key, value);
    return next;
  }

  /** Forgets sessions (their rows, pages, metadata and chunks), in one transaction. */
  forget(sessionIds: Iterable<string>): void {
    const statements = TABLES.map((table) => this.db.prepare(`DELETE FROM ${table} WHERE ${table === 'sessions' ? 'id' : 'session_id'} = ?`));
    this.db.transaction(() => {
      for (const id of sessionIds) for (const statement of statements) statement.run(id);
    })();
  }

  /** Empties the index, then copies a backup's index in (when it has one), in one transaction. */
  replaceWith(backupFile: string | null): void {
    this.db.transaction(() => {
      for (const table of TABLES) this.db.exec(`DELETE FROM ${table}`);
    })();
    if (backupFile === null) return;
    this.db.prepare('ATTACH DATABASE ? AS restored').run(backupFile);
    try {
      this.db.transaction(() => {
        for (const table of TABLES) this.db.exec(`INSERT INTO main.${table} SELECT * FROM restored.${table}`);
      })();
    } finally {
      this.db.exec('DETACH DATABASE restored');
    }
  }
}
