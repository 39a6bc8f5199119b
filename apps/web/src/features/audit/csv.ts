import type { AuditEntry } from '@replay/contracts';

export const CSV_COLUMNS = ['Time', 'Username', 'Email', 'Action', 'Method', 'Endpoint', 'Status', 'Parameters', 'Payload'] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break.
 * Text starting like a formula (= + - @) gets a leading apostrophe, so a
 * spreadsheet opening the export never runs what a caller typed.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The entries as CSV, a header row first, lines ending in CRLF. Times are ISO 8601 UTC. */
export function trailsToCsv(entries: readonly AuditEntry[]): string {
  const rows = entries.map((e) => [new Date(e.createdAt).toISOString(), e.username, e.email, e.action, e.method, e.endpoint, String(e.status), json(e.parameters), json(e.payload)]);
  return [[...CSV_COLUMNS], ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
