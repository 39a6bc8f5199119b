import { toStorableText } from '@replay/contracts';

/** Keys whose values never reach the audit trail: credentials, tokens and card data. */
export const SECRET_KEY = /password|token|secret|jwt|card|authorization|auth.?header|cookie|cvc|cvv|captcha|^code$|recoveryCodes/i;
export const REDACTED = '[redacted]';

/** Bodies above this size are summarised: the trail says what was called, it is not an archive. */
export const MAX_PAYLOAD_CHARS = 64 * 1024;

const MAX_DEPTH = 20;

/**
 * A deep copy with every value under a secret-looking key replaced, at any
 * depth and inside arrays. Text is made storable (the contracts' rule: NUL
 * dropped, unpaired surrogates written as U+FFFD), since jsonb cannot hold
 * either and a crafted body, refused or not, must not make the audit write fail.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return toStorableText(value);
  if (value === null || typeof value !== 'object') return value;
  // Bytes (a support attachment) never reach the trail, only their size.
  if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[toStorableText(key)] = SECRET_KEY.test(key) ? REDACTED : redact(v, depth + 1);
  }
  return out;
}

/** What a record holds instead of a payload the database refused to store. */
export const UNSTORABLE_PAYLOAD = { omitted: 'payload could not be stored' } as const;

/** The redacted body, or a note of its size when it is too large to keep. */
export function auditPayload(body: unknown): unknown {
  if (body === undefined || body === null) return null;
  const clean = redact(body);
  const size = JSON.stringify(clean)?.length ?? 0;
  return size > MAX_PAYLOAD_CHARS ? { omitted: 'payload too large', size } : clean;
}
