import type { IncomingMessage, ServerResponse } from 'node:http';
import { readCookie } from './http.ts';
import type { AgentState } from './state.ts';
import { signToken, verifySessionToken } from './tokens.ts';

/**
 * The instance's session cookie, whichever way the person signed in: the
 * console's one-time link, SSO, or a password. The cookie is signed, not
 * stored, so it outlives a restart; it is HttpOnly and SameSite=Lax.
 */

export const SESSION_SECONDS = 12 * 60 * 60;

export type SignInMethod = 'console' | 'sso' | 'password';

export interface SessionUser {
  sub?: string;
  name?: string;
  email?: string;
  via: SignInMethod;
  /** The IdP's name, when `via` is 'sso'. */
  idp?: string;
  /** For single logout of an SSO session: the assertion's SessionIndex and NameID format (the NameID is the sub after `sso:`). */
  sessionIndex?: string;
  nameIdFormat?: string;
}

/** Instances share the host name localhost, whose cookies ignore the port, so each gets its own cookie name. */
const cookieName = (instanceId: string) => `replay_session_${instanceId}`;

const METHODS: readonly string[] = ['console', 'sso', 'password'] satisfies SignInMethod[];

export function signedInUser(req: IncomingMessage, state: AgentState): SessionUser | null {
  const { instanceId, secret } = state.settings;
  const cookie = readCookie(req, cookieName(instanceId));
  const claims = cookie && verifySessionToken(cookie, secret, { scope: 'session', aud: instanceId, nowMs: state.now() });
  if (!claims) return null;
  // Cookies from before sign-in had more than one way carry no method: they came from the console's link.
  const via = (claims.via && METHODS.includes(claims.via) ? claims.via : 'console') as SignInMethod;
  // Enforcing SSO ends the password sessions already open, not only new sign-ins.
  if (via === 'password' && state.config.sso?.enforceSSO) return null;
  return { sub: claims.sub, name: claims.name, email: claims.email, via, idp: claims.idp, sessionIndex: claims.sessionIndex, nameIdFormat: claims.nameIdFormat };
}

/** Signs `user` in: the cookie, then a 303 to the home page. */
export function startSession(res: ServerResponse, state: AgentState, user: SessionUser): void {
  const { instanceId, secret } = state.settings;
  const exp = Math.floor(state.now() / 1000) + SESSION_SECONDS;
  const session = signToken({ scope: 'session', aud: instanceId, exp, ...user }, secret);
  res.writeHead(303, {
    Location: '/',
    'Set-Cookie': `${cookieName(instanceId)}=${session}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_SECONDS}`,
    'Cache-Control': 'no-store',
  });
  res.end();
}

/**
 * Clears the cookie, then a 303 to `location`: the home page, or the IdP's single logout with a
 * LogoutRequest, and then `alsoSet`, the cookie that binds that sign-out to this browser.
 */
export function endSession(res: ServerResponse, state: AgentState, location = '/', alsoSet?: string): void {
  const cleared = `${cookieName(state.settings.instanceId)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
  res.writeHead(303, { Location: location, 'Set-Cookie': alsoSet ? [cleared, alsoSet] : cleared, 'Cache-Control': 'no-store' });
  res.end();
}
