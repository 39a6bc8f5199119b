import { EXPORT_FORMAT, headSignatureValid, keyIdOf, toPublicKey, type PublicKeyInput, type SignedHead } from './head';
import { parseCsv, parseJsonLines, type ExportLine } from './format';
import { GENESIS_HASH, recordHash, type ChainedRecord } from './record';

/** Where an export first stops being the console's: the record (by seq, when known), the line, and why. */
export interface FirstBad {
  seq: number | null;
  line: number | null;
  reason: string;
}

export interface VerifyResult {
  ok: boolean;
  /** Records read (the whole export when ok). */
  records: number;
  /** The signed head, when the export has one that parses (trust it only when ok). */
  head?: SignedHead;
  firstBad?: FirstBad;
}

export interface VerifyOptions {
  /**
   * A head verified earlier (from a previous export): this export must reach at least as
   * far, and when it holds that record, with the same hash. This catches a tail cut off
   * (or rewritten) since then, which one export alone cannot show.
   */
  knownHead?: { headSeq: number; headHash: string };
}

const HEX64 = /^[0-9a-f]{64}$/;

function asHead(o: unknown): SignedHead | null {
  const h = o as Partial<SignedHead> | null;
  if (!h || h.format !== EXPORT_FORMAT) return null;
  const intFrom = (v: unknown, min: number) => Number.isSafeInteger(v) && (v as number) >= min;
  if (typeof h.accountId !== 'string' || !intFrom(h.fromSeq, 1) || !intFrom(h.headSeq, 0)) return null;
  if (typeof h.headHash !== 'string' || !HEX64.test(h.headHash) || typeof h.exportedAt !== 'string') return null;
  if (typeof h.keyId !== 'string' || typeof h.signature !== 'string') return null;
  return h as SignedHead;
}

/** JSON Lines when the first character is `{`, else CSV. */
export function parseExport(text: string): ExportLine[] {
  return text.trimStart().startsWith('{') ? parseJsonLines(text) : parseCsv(text);
}

/**
 * Proves offline that an audit export (CSV or JSON Lines) is the console's, complete and
 * unmodified: its head is signed by `publicKey`, its records run without a gap from the
 * head's fromSeq to its headSeq, each links to the one before (the first of a whole chain
 * to the genesis hash), each one's content matches its hash, and the last one's hash is
 * the signed head hash. Otherwise names the first record (in chain order) that is not.
 * Pure: reads nothing but its arguments.
 */
export function verifyAuditExport(text: string, publicKey: PublicKeyInput, options: VerifyOptions = {}): VerifyResult {
  const lines = parseExport(text);
  const fail = (records: number, firstBad: FirstBad, head?: SignedHead): VerifyResult => ({ ok: false, records, firstBad, ...(head && { head }) });

  const last = lines.at(-1);
  const recordsRead = lines.filter((l) => l.kind === 'record').length;
  if (!last || last.kind !== 'head') {
    const lastRecord = [...lines].reverse().find((l): l is Extract<ExportLine, { kind: 'record' }> => l.kind === 'record');
    return fail(recordsRead, { seq: lastRecord ? lastRecord.record.seq + 1 : null, line: null, reason: 'the export has no signed head as its last line: it was cut short or is not an export' });
  }
  const head = asHead(last.head);
  if (!head) return fail(recordsRead, { seq: null, line: last.line, reason: 'the head line is not a head of this format' });

  let key;
  try {
    key = toPublicKey(publicKey);
  } catch {
    return fail(recordsRead, { seq: null, line: null, reason: 'the public key given cannot be read' }, head);
  }
  if (head.keyId !== keyIdOf(key)) return fail(recordsRead, { seq: head.headSeq, line: last.line, reason: `the head is signed by key ${head.keyId}, not by the key given (${keyIdOf(key)})` }, head);
  if (!headSignatureValid(head, key)) return fail(recordsRead, { seq: head.headSeq, line: last.line, reason: 'the head’s signature does not match its content' }, head);

  let expected = head.fromSeq;
  let previous: ChainedRecord | null = null;
  let count = 0;
  for (const entry of lines.slice(0, -1)) {
    if (entry.kind === 'head') return fail(count, { seq: expected, line: entry.line, reason: `line ${entry.line} is a head before the end of the export` }, head);
    if (entry.kind === 'bad') return fail(count, { seq: entry.seq ?? expected, line: entry.line, reason: entry.reason }, head);
    const r = entry.record;
    const at = { seq: r.seq, line: entry.line };
    if (r.seq > expected) return fail(count, { seq: expected, line: entry.line, reason: `record ${expected} is missing (the next one is ${r.seq})` }, head);
    if (r.seq < expected) return fail(count, { ...at, reason: `record ${r.seq} appears again or out of order after record ${expected - 1}` }, head);
    if (r.tenantId !== head.accountId) return fail(count, { ...at, reason: `record ${r.seq} belongs to another account` }, head);
    if (previous ? r.prevHash !== previous.hash : r.seq === 1 && r.prevHash !== GENESIS_HASH) {
      return fail(count, { ...at, reason: `record ${r.seq} does not follow the record before it (its prevHash differs)` }, head);
    }
    if (recordHash(r, r.seq, r.prevHash) !== r.hash) return fail(count, { ...at, reason: `record ${r.seq} was altered: its content does not match its hash` }, head);
    previous = r;
    expected += 1;
    count += 1;
  }

  if (expected - 1 < head.headSeq) return fail(count, { seq: expected, line: null, reason: `record ${expected} is missing: the head says the export ends at record ${head.headSeq}` }, head);
  if (expected - 1 > head.headSeq) return fail(count, { seq: head.headSeq + 1, line: null, reason: `records after the signed head (${head.headSeq}) were added` }, head);
  const lastHash = previous ? previous.hash : head.fromSeq === 1 ? GENESIS_HASH : null;
  if (lastHash !== head.headHash) return fail(count, { seq: head.headSeq, line: null, reason: `record ${head.headSeq} is not the one the head was signed for (its hash differs)` }, head);

  const known = options.knownHead;
  if (known) {
    if (head.headSeq < known.headSeq)
      return fail(count, { seq: head.headSeq + 1, line: null, reason: `the chain ends at record ${head.headSeq}, before the known head ${known.headSeq}: its tail was cut off` }, head);
    const then = lines.find((l) => l.kind === 'record' && l.record.seq === known.headSeq);
    if (then?.kind === 'record' && then.record.hash !== known.headHash) {
      return fail(count, { seq: known.headSeq, line: then.line, reason: `record ${known.headSeq} differs from the known head: the chain was rewritten from there` }, head);
    }
  }
  return { ok: true, records: count, head };
}
