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

/** Null for anything not a valid, unexpired token of ours. */
export async function verifyAccessToken(token: string, secret: Uint8Array, now: Date): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
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
