import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Sealing: AES-256-GCM with a key derived by HKDF-SHA256 from the console's
 * token-signing secret under a label of its own, so no sealing key is the
 * signing key itself, two uses never share a key, and rotating the secret
 * retires everything sealed with it. Each sealed value is bound to a row
 * (`boundTo`, the associated data): copied onto another row, it does not open.
 */
export type SealKey = Buffer;

export function deriveSealKey(secret: Uint8Array, label: string): SealKey {
  return Buffer.from(hkdfSync('sha256', secret, 'replay-console', label, 32));
}

/** `iv.body.tag`, each base64url. */
export function seal(key: SealKey, plaintext: string, boundTo: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
}

/** The plaintext again, or null when the value was not sealed with this key for this row. */
export function openSealed(key: SealKey, sealed: string, boundTo: string): string | null {
  const [iv, body, tag] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
