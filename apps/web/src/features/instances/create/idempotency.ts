/**
 * A fresh Idempotency-Key. crypto.randomUUID exists only in secure contexts
 * (https or localhost); a console served over plain http on another host
 * still has getRandomValues, so the key is built from that instead.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
