import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical';

/** The prevHash of an account's first record: nothing came before it. */
export const GENESIS_HASH = '0'.repeat(64);

/** What the console stores of one audited call: every field the hash covers. */
export interface AuditFields {
  id: string;
  /** The account (tenant) the record belongs to; each account has its own chain. */
  tenantId: string;
  userId: string | null;
  apiKeyId: string | null;
  username: string;
  email: string;
  action: string;
  method: string;
  route: string;
  endpoint: string;
  parameters: Record<string, unknown>;
  payload: unknown;
  status: number;
  instanceId: string | null;
  requestId: string;
  /** Epoch milliseconds (the database keeps microseconds; the console writes whole milliseconds). */
  createdAt: number;
}

/** A record in its account's chain: its place (from 1), the hash of the one before, and its own. */
export interface ChainedRecord extends AuditFields {
  seq: number;
  prevHash: string;
  hash: string;
}

/** The field names in the order the exports write them. */
export const FIELD_NAMES = [
  'id',
  'tenantId',
  'userId',
  'apiKeyId',
  'username',
  'email',
  'action',
  'method',
  'route',
  'endpoint',
  'parameters',
  'payload',
  'status',
  'instanceId',
  'requestId',
  'createdAt',
] as const satisfies readonly (keyof AuditFields)[];

/**
 * SHA-256 (hex) of the record's fields, its seq and the previous record's hash,
 * canonically serialized: the one definition the server writes with and the
 * verifier checks with. A payload of undefined is stored as null, so it is hashed as null.
 */
export function recordHash(fields: AuditFields, seq: number, prevHash: string): string {
  const covered: Record<string, unknown> = { v: 1, seq, prevHash };
  for (const name of FIELD_NAMES) covered[name] = fields[name] === undefined ? null : fields[name];
  return createHash('sha256').update(canonicalJson(covered), 'utf8').digest('hex');
}

/** The record that follows `head` (null: the account has none yet) in its chain. */
export function chainAfter(head: { seq: number; hash: string } | null, fields: AuditFields): ChainedRecord {
  const seq = head ? head.seq + 1 : 1;
  const prevHash = head ? head.hash : GENESIS_HASH;
  return { ...fields, seq, prevHash, hash: recordHash(fields, seq, prevHash) };
}
