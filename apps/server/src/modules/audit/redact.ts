/** Keys whose values never reach the audit trail: credentials, tokens and card data. */
export const SECRET_KEY = /password|token|secret|jwt|card|authorization|cookie|cvc|cvv|captcha/i;
export const REDACTED = '[redacted]';

/** Bodies above this size are summarised: the trail says what was called, it is not an archive. */
export const MAX_PAYLOAD_CHARS = 64 * 1024;

const MAX_DEPTH = 20;

/**
 * A deep copy with every value under a secret-looking key replaced, at any
 * depth and inside arrays. NUL characters are dropped, since jsonb cannot
 * hold them and a crafted body must not make the audit write fail.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key.replaceAll('\u0000', '')] = SECRET_KEY.test(key) ? REDACTED : redact(v, depth + 1);
  }
  return out;
}

/** The redacted body, or a note of its size when it is too large to keep. */
export function auditPayload(body: unknown): unknown {
  if (body === undefined || body === null) return null;
  const clean = redact(body);
  const size = JSON.stringify(clean)?.length ?? 0;
  return size > MAX_PAYLOAD_CHARS ? { omitted: 'payload too large', size } : clean;
}
