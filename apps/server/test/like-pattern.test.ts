import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { isStorableText } from '@replay/contracts';
import type { Database } from '../src/db/client';
import { ilikeLoweredOnce, likePattern } from '../src/lib/sql-filters';
import { openTestDatabase } from './support/database';

/**
 * Every search (instances, their events, members, activity, audit) turns
 * what was typed into a pattern with likePattern. Checked against the
 * database itself: what PostgreSQL's LIKE and ILIKE make of the pattern.
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function matches(text: string, search: string): Promise<{ like: boolean; ilike: boolean }> {
  const pattern = likePattern(search);
  const result = await database.db.execute(sql`select ${text}::text like ${pattern}::text as "like", ${text}::text ilike ${pattern}::text as "ilike"`);
  // PGlite and node-postgres both answer { rows }.
  return (result as unknown as { rows: { like: boolean; ilike: boolean }[] }).rows[0]!;
}

/** Any text PostgreSQL can store (no NUL, no unpaired surrogate), wildcard and escape characters often among it. */
const storable = fc.string({ unit: fc.oneof(fc.constantFrom('%', '_', '\\', 'a'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 20 }).filter(isStorableText);

/** A small alphabet where a wildcard left active would match something the literal text does not. */
const tricky = fc.string({ unit: fc.constantFrom('a', 'B', '%', '_', '\\'), maxLength: 6 });

describe('likePattern', () => {
  it('finds any searched text in itself and in any text that contains it', async () => {
    await fc.assert(
      fc.asyncProperty(storable, storable, storable, async (before, search, after) => {
        expect(await matches(search, search)).toEqual({ like: true, ilike: true });
        expect(await matches(`${before}${search}${after}`, search)).toEqual({ like: true, ilike: true });
      }),
      { numRuns: 150 },
    );
  });

  it('matches only text that contains the search literally: %, _ and \\ are no wildcards or escapes', async () => {
    await fc.assert(
      fc.asyncProperty(tricky, tricky, async (text, search) => {
        expect(await matches(text, search)).toEqual({
          like: text.includes(search),
          ilike: text.toLowerCase().includes(search.toLowerCase()),
        });
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the cases a wildcard would have matched out', async () => {
    expect(await matches('abc', 'a_c')).toEqual({ like: false, ilike: false });
    expect(await matches('abc', 'a%')).toEqual({ like: false, ilike: false });
    expect(await matches('a\\bc', 'a\\b')).toEqual({ like: true, ilike: true });
    expect(await matches('ab', 'a\\b')).toEqual({ like: false, ilike: false });
    expect(await matches('100% sure', '0% s')).toEqual({ like: true, ilike: true });
  });
});

/** Letters whose lower case is not one letter, or not the one toLowerCase gives: where a hand-made fold would part from PostgreSQL's. */
const caseful = fc.string({ unit: fc.constantFrom('a', 'A', 'ß', 'ẞ', 'İ', 'ı', 'I', 'i', 'Σ', 'ς', 'σ', 'K', 'k', 'ǅ', 'ǆ', 'É', 'é', '%', '_', '\\'), maxLength: 6 });

async function ilikeBoth(text: string, search: string): Promise<{ ilike: boolean; loweredOnce: boolean }> {
  const pattern = likePattern(search);
  const result = await database.db.execute(sql`select ${text}::text ilike ${pattern}::text as "ilike", ${ilikeLoweredOnce(sql`${text}::text`, sql`${pattern}::text`)} as "loweredOnce"`);
  return (result as unknown as { rows: { ilike: boolean; loweredOnce: boolean }[] }).rows[0]!;
}

describe('ilikeLoweredOnce (the instances search)', () => {
  it('answers as ILIKE does for any text, cases that lower to other lengths included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(caseful, storable), fc.oneof(caseful, storable), async (text, search) => {
        const both = await ilikeBoth(text, search);
        expect(both.loweredOnce).toBe(both.ilike);
      }),
      { numRuns: 300 },
    );
  });

  it('finds a search in a name whatever their cases', async () => {
    expect(await ilikeBoth('Payments 2', 'pAY')).toEqual({ ilike: true, loweredOnce: true });
    expect(await ilikeBoth('ÉTÉ', 'été')).toEqual({ ilike: true, loweredOnce: true });
    expect(await ilikeBoth('Payments', 'pa_')).toEqual({ ilike: false, loweredOnce: false });
  });
});
