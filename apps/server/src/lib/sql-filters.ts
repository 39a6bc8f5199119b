import { inArray, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { InstanceScope } from './instance-scope';

/** Query pieces several modules' repos share (activity, audit, instances, members). */

/**
 * The (I)LIKE pattern of every search: text that contains `text`, where `%`,
 * `_` and `\` typed by a user are literal characters, not wildcards or
 * escapes. Backslash is PostgreSQL's default LIKE escape, so no ESCAPE
 * clause is needed. The one place a search becomes a pattern.
 */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;

/** The (I)LIKE pattern of text that starts with `prefix` (an event type's family, `account.trial_`), each character literal. */
export const prefixPattern = (prefix: string) => `${escapeLike(prefix)}%`;

/**
 * `subject ILIKE pattern`, written as what PostgreSQL computes for it in a UTF-8 database (like.c,
 * Generic_Text_IC_like: lower() of both sides, then LIKE's own matcher), with the pattern lowered
 * once per statement (an InitPlan) instead of once per row: ILIKE lowers its pattern again for every
 * row it tests, which was a third of the instances search's scan (issue 42, point 23; measured
 * in docs/decisions/server.md). The same answer for any text (`like-pattern.test.ts` holds it to
 * ILIKE on both databases); only the hot instances search uses it.
 */
export const ilikeLoweredOnce = (subject: AnyPgColumn | SQL, pattern: SQL | Placeholder | string): SQL => sql`lower(${subject}) like (select lower(${pattern}))`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Rows tied to no instance (member and role events), plus those of the instances in scope. */
export function instanceScopeFilter(column: AnyPgColumn, scope: InstanceScope): SQL | undefined {
  if (scope.ids === null) return undefined;
  return scope.ids.length ? or(isNull(column), inArray(column, [...scope.ids])) : isNull(column);
}
