import { describe, expect, it } from 'vitest';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import {
  canonicalJson,
  chainAfter,
  csvHeaderLine,
  csvHeadLine,
  csvRecordLine,
  jsonlHeadLine,
  jsonlRecordLine,
  keyPairFromSeed,
  recordHash,
  signHead,
  verifyAuditExport,
  type AuditFields,
  type ChainedRecord,
  type ExportFormat,
} from '../src/index';

const { privateKey, publicKey } = keyPairFromSeed(new Uint8Array(32).fill(7));
const account = randomUUID();

function fields(n: number, over: Partial<AuditFields> = {}): AuditFields {
  return {
    id: randomUUID(),
    tenantId: account,
    userId: n % 2 ? randomUUID() : null,
    apiKeyId: n % 2 ? null : randomUUID(),
    username: n === 2 ? '=HYPERLINK("x")' : `User ${n}`,
    email: n % 2 ? `u${n}@example.com` : '',
    action: 'Invite member',
    method: 'POST',
    route: '/api/client/members',
    endpoint: '/api/client/members',
    parameters: { b: 1, a: 'x,"y"\nz' },
    payload: n === 3 ? null : n === 4 ? -5 : { name: `N${n}`, nested: [1, { z: true, y: "'quoted" }] },
    status: 200 + n,
    instanceId: n === 1 ? randomUUID() : null,
    requestId: `req-${n}`,
    createdAt: Date.UTC(2026, 0, 1, 0, 0, n, 123),
    ...over,
  };
}

function chain(length: number): ChainedRecord[] {
  const out: ChainedRecord[] = [];
  for (let n = 1; n <= length; n += 1) out.push(chainAfter(out.at(-1) ?? null, fields(n)));
  return out;
}

function exportOf(records: ChainedRecord[], format: ExportFormat, fromSeq = records[0]?.seq ?? 1, key = privateKey): string {
  const last = records.at(-1);
  const head = signHead({ accountId: account, fromSeq, headSeq: last?.seq ?? 0, headHash: last?.hash ?? '0'.repeat(64), exportedAt: '2026-01-02T00:00:00.000Z' }, key);
  if (format === 'jsonl') return records.map(jsonlRecordLine).join('') + jsonlHeadLine(head);
  return csvHeaderLine() + records.map(csvRecordLine).join('') + csvHeadLine(head);
}

/** The export's lines (CSV: without the header row), to tamper with, and back. */
const linesOf = (text: string) => text.split(/(?<=\n)/);

describe('canonicalJson', () => {
  it('does not depend on key order, and leaves out undefined as JSON does', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: undefined }] })).toBe('{"a":[1,{"d":2}],"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('gives the same hash after a JSON round trip that reorders keys (what jsonb does)', () => {
    const f = fields(1);
    const reordered = { ...f, parameters: JSON.parse(JSON.stringify({ a: f.parameters.a, b: f.parameters.b })) as Record<string, unknown> };
    expect(recordHash(reordered, 1, '0'.repeat(64))).toBe(recordHash(f, 1, '0'.repeat(64)));
  });
});

describe.each(['jsonl', 'csv'] as const)('verifyAuditExport (%s)', (format) => {
  const records = chain(5);
  const good = exportOf(records, format);
  const headerLines = format === 'csv' ? 1 : 0;

  it('accepts an untouched export, whole or from a later record', () => {
    expect(verifyAuditExport(good, publicKey)).toMatchObject({ ok: true, records: 5, head: { headSeq: 5, accountId: account } });
    expect(verifyAuditExport(exportOf(records.slice(2), format), publicKey)).toMatchObject({ ok: true, records: 3 });
    expect(verifyAuditExport(exportOf([], format), publicKey)).toMatchObject({ ok: true, records: 0 });
  });

  it('accepts the public key as PEM and as JWK', () => {
    expect(verifyAuditExport(good, publicKey.export({ format: 'pem', type: 'spki' }).toString()).ok).toBe(true);
    expect(verifyAuditExport(good, JSON.stringify(publicKey.export({ format: 'jwk' }))).ok).toBe(true);
  });

  it('names an edited record', () => {
    const lines = linesOf(good);
    lines[headerLines + 2] = lines[headerLines + 2]!.replace('User 3', 'User X');
    expect(verifyAuditExport(lines.join(''), publicKey).firstBad).toMatchObject({ seq: 3, reason: expect.stringMatching(/altered/) });
  });

  it('names a removed record', () => {
    const lines = linesOf(good);
    lines.splice(headerLines + 1, 1);
    expect(verifyAuditExport(lines.join(''), publicKey).firstBad).toMatchObject({ seq: 2, reason: expect.stringMatching(/missing/) });
  });

  it('names reordered records', () => {
    const lines = linesOf(good);
    [lines[headerLines + 1], lines[headerLines + 2]] = [lines[headerLines + 2]!, lines[headerLines + 1]!];
    expect(verifyAuditExport(lines.join(''), publicKey).firstBad).toMatchObject({ seq: 2, reason: expect.stringMatching(/missing/) });
  });

  it('names a forged record slipped in with a correct hash of its own', () => {
    const forged = chainAfter(records[1]!, fields(9, { username: 'Mallory' }));
    const lines = linesOf(good);
    lines.splice(headerLines + 2, 0, format === 'jsonl' ? jsonlRecordLine(forged) : csvRecordLine(forged));
    expect(verifyAuditExport(lines.join(''), publicKey).firstBad).toMatchObject({ seq: 3, reason: expect.stringMatching(/again or out of order/) });
  });

  it('refuses a head whose content changed, another key, and an export cut short', () => {
    const lines = linesOf(good);
    const tamperedHead = lines.at(-1)!.replace('"headSeq":5', '"headSeq":4');
    expect(verifyAuditExport([...lines.slice(0, -2), tamperedHead].join(''), publicKey).firstBad?.reason).toMatch(/signature/);
    const other = generateKeyPairSync('ed25519');
    expect(verifyAuditExport(exportOf(records, format, 1, other.privateKey), publicKey).firstBad?.reason).toMatch(/signed by key/);
    expect(verifyAuditExport(lines.slice(0, -1).join(''), publicKey)).toMatchObject({ ok: false, firstBad: { seq: 6, reason: expect.stringMatching(/no signed head/) } });
  });

  it('refuses records after the signed head, and a head signed over a different last record', () => {
    const lines = linesOf(good);
    const extra = chainAfter(records[4]!, fields(6));
    const added = [...lines.slice(0, -1), format === 'jsonl' ? jsonlRecordLine(extra) : csvRecordLine(extra), lines.at(-1)!].join('');
    expect(verifyAuditExport(added, publicKey).firstBad).toMatchObject({ seq: 6, reason: expect.stringMatching(/after the signed head/) });
    const dropLast = [...lines.slice(0, -2), lines.at(-1)!].join('');
    expect(verifyAuditExport(dropLast, publicKey).firstBad).toMatchObject({ seq: 5, reason: expect.stringMatching(/missing/) });
  });

  it('with a known head, catches a tail cut off or rewritten since', () => {
    const earlier = { headSeq: 5, headHash: records[4]!.hash };
    expect(verifyAuditExport(exportOf(records.slice(0, 4), format), publicKey, { knownHead: earlier }).firstBad).toMatchObject({ seq: 5, reason: expect.stringMatching(/cut off/) });
    expect(verifyAuditExport(good, publicKey, { knownHead: earlier }).ok).toBe(true);
    const rewritten = chain(5);
    expect(verifyAuditExport(exportOf(rewritten, format), publicKey, { knownHead: earlier }).firstBad).toMatchObject({ seq: 5, reason: expect.stringMatching(/rewritten/) });
  });

  it('reads back every field exactly (formula-like text, quotes, line breaks, nulls, empty text)', () => {
    expect(verifyAuditExport(good, publicKey).ok).toBe(true);
    if (format === 'csv') expect(good).toContain(`'=HYPERLINK`);
  });
});
