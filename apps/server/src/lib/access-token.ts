import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  userId: string;
  tenantId: string;
}

const ISSUER = 'replay-console';

export async function signAccessToken(claims: AccessClaims, secret: Uint8Array, ttlSeconds: number, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ tid: claims.tenantId })
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

/** Null for anything not a valid, unexpired token of ours. */
export async function verifyAccessToken(token: string, secret: Uint8Array, now: Date): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || typeof payload.tid !== 'string') return null;
    return { userId: payload.sub, tenantId: payload.tid };
  } catch {
    return null;
  }
}
