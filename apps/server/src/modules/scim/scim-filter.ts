/**
 * The SCIM filters (RFC 7644 section 3.4.2.2) the console answers: what Okta and Entra ID send
 * to find one resource before creating it, `attr eq "value"` clauses joined by `and`
 * (e.g. `userName eq "jane@example.com"`, `externalId eq "00u1"`, `displayName eq "Eng"`).
 * Everything else (or, not, the other operators, value paths, grouping) is refused with
 * scimType invalidFilter, rather than answered as if it matched everything. No maintained
 * SCIM filter parser exists on the npm registry; this subset is small enough to own
 * (docs/decisions/team.md).
 */

export interface FilterClause {
  /** The attribute as written, lower-cased (SCIM attribute names are case-insensitive). */
  attribute: string;
  value: string | boolean;
}

export class FilterError extends Error {}

const CLAUSE = /^\s*([A-Za-z][\w.]*)\s+eq\s+("(?:[^"\\]|\\.)*"|true|false)\s*$/i;

/** The clauses of a filter, each `attribute eq value`; throws FilterError for anything beyond the subset. */
export function parseFilter(filter: string, allowed: readonly string[]): FilterClause[] {
  const parts = filter.split(/\s+and\s+(?=(?:[^"]*"[^"]*")*[^"]*$)/i);
  return parts.map((part) => {
    const match = CLAUSE.exec(part);
    if (!match) throw new FilterError(`only "attribute eq value" joined by "and" is supported, not ${JSON.stringify(part.trim())}`);
    const attribute = match[1]!.toLowerCase();
    if (!allowed.includes(attribute)) throw new FilterError(`the attribute ${match[1]} cannot be filtered on`);
    const raw = match[2]!;
    const value = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw.toLowerCase() === 'true';
    return { attribute, value };
  });
}
