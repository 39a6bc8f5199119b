import { createHash, createPrivateKey, createPublicKey, sign, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import { canonicalJson } from './canonical';

/** Names the format of an export and of what its head's signature covers. */
export const EXPORT_FORMAT = 'replay-audit-chain/1';

/** What the console attests at the end of an export: account A's chain, from fromSeq, ends at headSeq with headHash. */
export interface HeadClaim {
  accountId: string;
  /** The first record the export holds (1: the whole chain). */
  fromSeq: number;
  /** The last record the export holds (0 with fromSeq 1: the account has none). */
  headSeq: number;
  headHash: string;
  /** ISO 8601. */
  exportedAt: string;
}

export interface SignedHead extends HeadClaim {
  type: 'head';
  format: typeof EXPORT_FORMAT;
  keyId: string;
  /** Ed25519 over signedBytes(claim), base64url. */
  signature: string;
}

/** The bytes the signature covers: the claim, canonically serialized, under the format's name. */
export function signedBytes(claim: HeadClaim): Buffer {
  const { accountId, fromSeq, headSeq, headHash, exportedAt } = claim;
  return Buffer.from(canonicalJson({ format: EXPORT_FORMAT, accountId, fromSeq, headSeq, headHash, exportedAt }), 'utf8');
}

/** A public key's id: the first 16 hex digits of the SHA-256 of its raw 32 bytes. */
export function keyIdOf(publicKey: KeyObject): string {
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  return createHash('sha256').update(raw).digest('hex').slice(0, 16);
}

// PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410): node:crypto takes private keys in a container.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The Ed25519 key pair whose private part is this 32-byte seed. */
export function keyPairFromSeed(seed: Uint8Array): { privateKey: KeyObject; publicKey: KeyObject } {
  if (seed.length !== 32) throw new RangeError('An Ed25519 seed is 32 bytes.');
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

export function signHead(claim: HeadClaim, privateKey: KeyObject): SignedHead {
  const publicKey = createPublicKey(privateKey);
  return {
    type: 'head',
    format: EXPORT_FORMAT,
    ...claim,
    keyId: keyIdOf(publicKey),
    signature: sign(null, signedBytes(claim), privateKey).toString('base64url'),
  };
}

/** A public key as given: a KeyObject, PEM text, a JWK object or JWK JSON text. */
export type PublicKeyInput = KeyObject | string | JsonWebKey;

export function toPublicKey(input: PublicKeyInput): KeyObject {
  if (typeof input === 'string') {
    const text = input.trim();
    return text.startsWith('{') ? createPublicKey({ key: JSON.parse(text) as JsonWebKey, format: 'jwk' }) : createPublicKey(text);
  }
  if ('type' in input && typeof (input as KeyObject).export === 'function') return input as KeyObject;
  return createPublicKey({ key: input as JsonWebKey, format: 'jwk' });
}

export function headSignatureValid(head: SignedHead, publicKey: KeyObject): boolean {
  try {
    return verify(null, signedBytes(head), publicKey, Buffer.from(head.signature, 'base64url'));
  } catch {
    return false;
  }
}
