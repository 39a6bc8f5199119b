/**
 * The one serialization a record's hash covers: JSON with every object's keys
 * sorted (by UTF-16 code units, as JavaScript sorts), no whitespace, keys whose
 * value is undefined left out (as JSON.stringify does). It is what jsonb cannot
 * disturb: PostgreSQL reorders a jsonb object's keys and drops its duplicates,
 * so the hash must not depend on key order.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError(`canonicalJson: ${typeof value} has no JSON form`);
    return text;
  }
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
