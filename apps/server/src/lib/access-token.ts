import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  userId: string;
  tenantId: string;
  /** The session (sign-in) the token was issued under: revoking it ends the token at once. */
  sessionId: string;
}

const ISSUER = 'replay-console';

export async function signAccessToken(claims: AccessClaims, secret: Uint8Array, ttlSeconds: number, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ tid: claims.tenantId, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(secret);
}

/** Imported once per secret: given raw bytes (or a KeyObject), jose imports the key again on every call, which doubles a verify's cost. */
const keys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function keyOf(secret: Uint8Array): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])));
  return key;
}

/**
 * Tokens whose signature already checked out, with their expiry. A token's
 * signature either verifies or it does not, so re-checking the same string on
 * every request of a session is pure CPU (WebCrypto HMAC is the costliest
 * step of an authenticated read); expiry is still checked on every hit, and
 * the user's rights are still read from the database by the guard. Bounded,
 * oldest dropped first; per secret, so a new key never honours an old entry.
 */
const VERIFIED_MAX = 10_000;
const verified = new WeakMap<Uint8Array, Map<string, { claims: AccessClaims; expMs: number }>>();

function cacheOf(secret: Uint8Array) {
  let cache = verified.get(secret);
  if (!cache) verified.set(secret, (cache = new Map()));
  return cache;
}

/** Null for anything not a valid, unexpired token of ours. */
export async function verifyAccessToken(token: string, secret: Uint8Array, now: Date): Promise<AccessClaims | null> {
  const cache = cacheOf(secret);
  const hit = cache.get(token);
  if (hit) return hit.expMs > now.getTime() ? hit.claims : null;
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const { sub, tid, sid, exp } = payload;
    if (typeof sub !== 'string' || typeof tid !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return null;
    const claims = { userId: sub, tenantId: tid, sessionId: sid };
    if (cache.size >= VERIFIED_MAX) cache.delete(cache.keys().next().value!);
    cache.set(token, { claims, expMs: exp * 1000 });
    return claims;
  } catch {
    return null;
  }
}
