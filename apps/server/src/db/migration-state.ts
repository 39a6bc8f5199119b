import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

const journalFile = fileURLToPath(new URL('./migrations/meta/_journal.json', import.meta.url));

/** The newest migration this build ships (its journal's `when`, which drizzle records as `created_at`). */
const newestShipped: number = Math.max(...(JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { when: number }[] }).entries.map((e) => e.when));

/**
 * Whether the database has every migration this build knows: what drizzle's migrator itself
 * compares. A database ahead of the build (a newer console migrated it during a rolling upgrade)
 * is fine by the expand/contract rule (docs/OPERATIONS.md); one behind is not.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const result = await db.execute(sql`select max(created_at)::float8 as last from drizzle.__drizzle_migrations`);
  const last = (result as unknown as { rows: { last: number | null }[] }).rows[0]?.last ?? null;
  return last !== null && last >= newestShipped;
}
