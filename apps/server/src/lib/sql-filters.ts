import { inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Query pieces several modules' repos share (activity, audit, members). */

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows tied to no instance, plus those of the instances in scope. */
export function instanceScopeFilter(column: AnyPgColumn, scope: 'all' | readonly string[]): SQL | undefined {
  if (scope === 'all') return undefined;
  return scope.length ? or(isNull(column), inArray(column, [...scope])) : isNull(column);
}
