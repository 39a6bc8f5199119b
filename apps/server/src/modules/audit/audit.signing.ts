import { hkdfSync, type KeyObject } from 'node:crypto';
import { keyIdOf, keyPairFromSeed } from '@replay/audit-chain';

/** The console's audit signing key: the private part signs export heads, the public part is published. */
export interface AuditSigningKey {
  privateKey: KeyObject;
  keyId: string;
  publicKeyPem: string;
  publicKeyJwk: { kty: string; crv: string; x: string };
}

/**
 * The Ed25519 key pair that signs audit export heads, derived (HKDF-SHA256, a
 * label of its own) from the console's token-signing secret. Every console
 * process on one database already shares that secret, so they share this key
 * without storing it anywhere; rotating the secret rotates the key (exports
 * signed before stay verifiable with the public key published then).
 */
export function auditSigningKey(secret: Uint8Array): AuditSigningKey {
  const seed = new Uint8Array(hkdfSync('sha256', secret, 'replay-console', 'audit-chain-signing-key', 32));
  const { privateKey, publicKey } = keyPairFromSeed(seed);
  const jwk = publicKey.export({ format: 'jwk' });
  return {
    privateKey,
    keyId: keyIdOf(publicKey),
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    publicKeyJwk: { kty: jwk.kty ?? 'OKP', crv: jwk.crv ?? 'Ed25519', x: jwk.x ?? '' },
  };
}
