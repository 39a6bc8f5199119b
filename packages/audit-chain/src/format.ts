import { parse } from 'csv-parse/sync';
import { FIELD_NAMES, type ChainedRecord } from './record';
import type { SignedHead } from './head';

/**
 * The two export formats. Both hold the account's records in chain order, each
 * with seq, prevHash and hash, then the signed head last:
 * - JSON Lines: one `{"type":"record",...}` object a line, then `{"type":"head",...}`.
 * - CSV (RFC 4180, CRLF): a header row, one row a record, then the line
 *   `# replay-audit-head {...}` holding the head as JSON.
 * Times are ISO 8601 UTC with milliseconds.
 */
export type ExportFormat = 'csv' | 'jsonl';

export const CSV_COLUMNS = ['seq', 'prevHash', 'hash', ...FIELD_NAMES] as const;
export const CSV_HEAD_PREFIX = '# replay-audit-head ';

const NULLABLE: ReadonlySet<string> = new Set<string>(['userId', 'apiKeyId', 'instanceId', 'payload']);
const JSON_COLUMNS: ReadonlySet<string> = new Set<string>(['parameters', 'payload']);
const NUMBER_COLUMNS: ReadonlySet<string> = new Set<string>(['seq', 'status']);

export function jsonlRecordLine(r: ChainedRecord): string {
  const { seq, prevHash, hash } = r;
  const fields: Record<string, unknown> = {};
  for (const name of FIELD_NAMES) fields[name] = name === 'createdAt' ? new Date(r.createdAt).toISOString() : (r[name] ?? null);
  return `${JSON.stringify({ type: 'record', seq, prevHash, hash, ...fields })}\n`;
}

export function jsonlHeadLine(head: SignedHead): string {
  return `${JSON.stringify(head)}\n`;
}

/**
 * One cell. Text a spreadsheet would take for a formula (or that starts with the
 * apostrophe this uses) gets a leading apostrophe, which reading takes off again:
 * the export opens safely and still verifies.
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r']/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvHeaderLine = (): string => `${CSV_COLUMNS.join(',')}\r\n`;

export function csvRecordLine(r: ChainedRecord): string {
  const cells = CSV_COLUMNS.map((name) => {
    const value = r[name];
    if (name === 'createdAt') return new Date(r.createdAt).toISOString();
    if (value === null || value === undefined) return '';
    if (JSON_COLUMNS.has(name)) return JSON.stringify(value);
    return String(value);
  });
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function csvHeadLine(head: SignedHead): string {
  return `${CSV_HEAD_PREFIX}${JSON.stringify(head)}\r\n`;
}

/** One line of an export as read back: a record, the head, or what is wrong with it. */
export type ExportLine = { kind: 'record'; line: number; record: ChainedRecord } | { kind: 'head'; line: number; head: unknown } | { kind: 'bad'; line: number; seq: number | null; reason: string };

const isText = (v: unknown): v is string => typeof v === 'string';
const isTextOrNull = (v: unknown) => v === null || isText(v);
const isSeq = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 1;

/** A record object as parsed (createdAt still ISO text), checked field by field. */
function toRecord(o: Record<string, unknown>): ChainedRecord | string {
  if (!isSeq(o.seq)) return 'its seq is not a whole number from 1';
  for (const k of ['prevHash', 'hash', 'id', 'tenantId', 'username', 'email', 'action', 'method', 'route', 'endpoint', 'requestId', 'createdAt']) {
    if (!isText(o[k])) return `its ${k} is missing or not text`;
  }
  for (const k of ['userId', 'apiKeyId', 'instanceId']) if (!isTextOrNull(o[k])) return `its ${k} is not text or null`;
  if (!Number.isSafeInteger(o.status)) return 'its status is not a whole number';
  if (o.parameters === null || typeof o.parameters !== 'object' || Array.isArray(o.parameters)) return 'its parameters are not an object';
  const createdAt = Date.parse(o.createdAt as string);
  if (!Number.isFinite(createdAt) || new Date(createdAt).toISOString() !== o.createdAt) return 'its createdAt is not an ISO 8601 UTC time';
  const record = { seq: o.seq, prevHash: o.prevHash, hash: o.hash } as ChainedRecord;
  for (const name of FIELD_NAMES) (record as unknown as Record<string, unknown>)[name] = o[name] === undefined ? null : o[name];
  record.createdAt = createdAt;
  return record;
}

const seqOf = (o: Record<string, unknown>): number | null => (isSeq(o.seq) ? o.seq : null);

function fromObject(o: unknown, line: number): ExportLine {
  if (o === null || typeof o !== 'object' || Array.isArray(o)) return { kind: 'bad', line, seq: null, reason: `line ${line} is not an object` };
  const obj = o as Record<string, unknown>;
  if (obj.type === 'head') return { kind: 'head', line, head: obj };
  if (obj.type !== undefined && obj.type !== 'record') return { kind: 'bad', line, seq: seqOf(obj), reason: `line ${line} has an unknown type` };
  const record = toRecord(obj);
  return typeof record === 'string' ? { kind: 'bad', line, seq: seqOf(obj), reason: `line ${line}: ${record}` } : { kind: 'record', line, record };
}

export function parseJsonLines(text: string): ExportLine[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map((raw, i) => {
    try {
      return fromObject(JSON.parse(raw), i + 1);
    } catch {
      return { kind: 'bad', line: i + 1, seq: null, reason: `line ${i + 1} is not JSON` };
    }
  });
}

function cellValue(name: string, cell: string): unknown {
  const text = cell.startsWith("'") ? cell.slice(1) : cell;
  if (cell === '' && NULLABLE.has(name)) return null;
  if (JSON_COLUMNS.has(name)) return JSON.parse(text) as unknown;
  if (NUMBER_COLUMNS.has(name)) return /^-?\d+$/.test(text) ? Number(text) : text;
  return text;
}

export function parseCsv(text: string): ExportLine[] {
  const body = text.replace(/\r?\n$/, '');
  const cut = body.lastIndexOf('\n');
  const lastLine = body.slice(cut + 1);
  const hasHead = lastLine.startsWith(CSV_HEAD_PREFIX);
  const rowsText = hasHead ? body.slice(0, cut + 1) : body;
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parse(rowsText, { relax_column_count: true, info: true }) as unknown as typeof rows;
  } catch (err) {
    return [{ kind: 'bad', line: 1, seq: null, reason: `the CSV cannot be read: ${(err as Error).message}` }];
  }
  const [header, ...records] = rows;
  if (!header || header.record.join(',') !== CSV_COLUMNS.join(',')) return [{ kind: 'bad', line: 1, seq: null, reason: 'the header row is not the export’s' }];
  const out: ExportLine[] = records.map(({ record: cells, info }) => {
    const line = info.lines;
    if (cells.length !== CSV_COLUMNS.length) return { kind: 'bad', line, seq: null, reason: `line ${line} has ${cells.length} cells, not ${CSV_COLUMNS.length}` };
    try {
      return fromObject(Object.fromEntries(CSV_COLUMNS.map((name, i) => [name, cellValue(name, cells[i]!)])), line);
    } catch {
      return { kind: 'bad', line, seq: null, reason: `line ${line} holds JSON that cannot be read` };
    }
  });
  if (hasHead) {
    const line = (rows.at(-1)?.info.lines ?? 1) + 1;
    try {
      out.push({ kind: 'head', line, head: JSON.parse(lastLine.slice(CSV_HEAD_PREFIX.length)) as unknown });
    } catch {
      out.push({ kind: 'bad', line, seq: null, reason: 'the head line is not JSON' });
    }
  }
  return out;
}
