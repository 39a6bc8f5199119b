import { createHmac, timingSafeEqual } from 'node:crypto';
import { isRecord } from './config.ts';

/**
 * HS256 JSON Web Tokens with node:crypto alone, so the agent starts without
 * loading a JWT library. The console signs with `jose`; the format is the
 * standard one, and the tests check the two agree.
 */

export type TokenScope = 'login' | 'admin' | 'session';
export const TOKEN_ISSUER = 'replay-console';
const SESSION_ISSUER = 'replay-agent';

export interface TokenClaims {
  [claim: string]: unknown;
  scope: TokenScope;
  aud: string;
  exp: number;
  jti?: string;
  sub?: string;
  name?: string;
  email?: string;
}

const encode = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const hmac = (secret: string, input: string): Buffer => createHmac('sha256', secret).update(input).digest();

export function signToken(claims: TokenClaims, secret: string, issuer = SESSION_ISSUER): string {
  const head = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ ...claims, iss: issuer })}`;
  return `${head}.${hmac(secret, head).toString('base64url')}`;
}

/**
 * The claims of a token we signed for this instance and this purpose, still
 * valid at `nowMs`; null for anything else. The scope is checked so that a
 * session cookie can never be replayed as an admin token, nor the reverse.
 */
export function verifyToken(token: string, secret: string, expect: { scope: TokenScope; aud: string; nowMs: number }): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head = '', body = '', signature = ''] = parts;
  const given = Buffer.from(signature, 'base64url');
  const wanted = hmac(secret, `${head}.${body}`);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  let header: unknown;
  let claims: unknown;
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isRecord(header) || header.alg !== 'HS256' || !isRecord(claims)) return null;
  const issuer = expect.scope === 'session' ? SESSION_ISSUER : TOKEN_ISSUER;
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== issuer || claims.scope !== expect.scope || !audience.includes(expect.aud)) return null;
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= expect.nowMs) return null;
  return { ...claims, aud: expect.aud } as TokenClaims;
}
