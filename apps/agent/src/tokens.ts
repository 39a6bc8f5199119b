import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ConsoleTokenClaims } from '@replay/agent-protocol';
import { TOKEN_ALGORITHM, isForInstance } from '@replay/agent-protocol/plain';
import { protocolSchemas } from './protocol.ts';

/**
 * HS256 JSON Web Tokens with node:crypto alone, so the agent starts without
 * loading a JWT library. The console signs with `jose`; the format is the
 * standard one, its claims are the protocol's, and the tests check the two agree.
 */

/** The agent's own session cookie: signed and read by the agent only, so not part of the protocol. */
const SESSION_ISSUER = 'replay-agent';

export interface SessionClaims {
  scope: 'session';
  aud: string;
  exp: number;
  sub?: string;
  name?: string;
  email?: string;
  /** How the session began (sessions.ts): absent on cookies from before there was more than the console's link. */
  via?: string;
  /** The IdP's display name, for a session that began through SSO. */
  idp?: string;
  /** SSO sessions: what a LogoutRequest names besides the NameID (the sub), when the IdP gave them. */
  sessionIndex?: string;
  nameIdFormat?: string;
}

const encode = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const hmac = (secret: string, input: string): Buffer => createHmac('sha256', secret).update(input).digest();
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Signs claims with `secret`; the issuer is the agent's unless a test stands in for the console. */
export function signToken(claims: object, secret: string, issuer = SESSION_ISSUER): string {
  const head = `${encode({ alg: TOKEN_ALGORITHM, typ: 'JWT' })}.${encode({ ...claims, iss: issuer })}`;
  return `${head}.${hmac(secret, head).toString('base64url')}`;
}

/** The claims of a token signed with `secret` with our algorithm, unchecked otherwise; null for anything else. */
function signedClaims(token: string, secret: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head = '', body = '', signature = ''] = parts;
  const given = Buffer.from(signature, 'base64url');
  const wanted = hmac(secret, `${head}.${body}`);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  try {
    const header: unknown = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    const claims: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return isRecord(header) && header.alg === TOKEN_ALGORITHM && isRecord(claims) ? claims : null;
  } catch {
    return null;
  }
}

type Expect<Scope> = { scope: Scope; aud: string; nowMs: number };
const unexpired = (exp: unknown, nowMs: number) => typeof exp === 'number' && exp * 1000 > nowMs;

/**
 * The claims of a console token (the protocol's) for this instance and this
 * purpose, still valid at `nowMs`; null for anything else. The scope is checked
 * so that a login token is never taken as an admin token, nor the reverse.
 */
export async function verifyConsoleToken<Scope extends ConsoleTokenClaims['scope']>(
  token: string,
  secret: string,
  expect: Expect<Scope>,
): Promise<Extract<ConsoleTokenClaims, { scope: Scope }> | null> {
  const { consoleTokenClaimsSchema } = await protocolSchemas();
  const parsed = consoleTokenClaimsSchema.safeParse(signedClaims(token, secret));
  if (!parsed.success) return null;
  const claims = parsed.data;
  if (claims.scope !== expect.scope || !isForInstance(claims, expect.aud) || !unexpired(claims.exp, expect.nowMs)) return null;
  return claims as Extract<ConsoleTokenClaims, { scope: Scope }>;
}

/**
 * The claims of a token this agent signed for itself (a cookie) with `expect`'s scope and audience,
 * still valid at `nowMs`; null for anything else, a console token or another scope's included.
 */
export function verifyOwnToken(token: string, secret: string, expect: Expect<string>): Record<string, unknown> | null {
  const claims = signedClaims(token, secret);
  if (!claims || claims.iss !== SESSION_ISSUER || claims.scope !== expect.scope || claims.aud !== expect.aud || !unexpired(claims.exp, expect.nowMs)) return null;
  return claims;
}

/** The claims of this agent's own session cookie, still valid at `nowMs`; null for anything else, a console token included. */
export function verifySessionToken(token: string, secret: string, expect: Expect<'session'>): SessionClaims | null {
  const claims = verifyOwnToken(token, secret, expect);
  if (!claims) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    scope: 'session',
    aud: expect.aud,
    exp: claims.exp as number,
    sub: text(claims.sub),
    name: text(claims.name),
    email: text(claims.email),
    via: text(claims.via),
    idp: text(claims.idp),
    sessionIndex: text(claims.sessionIndex),
    nameIdFormat: text(claims.nameIdFormat),
  };
}
