import type { IncomingMessage } from 'node:http';
import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import { SSO_SLO_PATH } from '@replay/agent-protocol/plain';
import { readCookie } from './http.ts';
import { REQUEST_TTL_MS } from './sso-store.ts';
import type { AgentState } from './state.ts';
import { signToken, verifyOwnToken } from './tokens.ts';

/**
 * The SAML requests a browser started, kept in that browser: a cookie signed (HMAC) with the
 * instance's secret lists the request ids issued to it, and an answer counts only when its
 * InResponseTo is one of them. There is no shared cache for a flood of /sso/login (or of
 * sign-outs) to fill or evict (issue 42, point 5), and an answer carried to another browser
 * answers nothing there. node-saml is handed this as its cacheProvider: it saves the id it
 * issues and asks for the id an answer names. An answered id is spent in the used-token file,
 * so an answer (and the cookie beside it) counts once, across restarts too.
 */

/**
 * What a list is of, each in its own cookie so that neither overwrites the other: sign-ins
 * (AuthnRequests from /sso/login, answered at the ACS) and sign-outs (LogoutRequests from
 * /logout, answered at /sso/slo). The sign-out cookie's path leaves /logout out, so each sign-out
 * starts its list afresh: a browser has one session, hence one sign-out to wait for.
 */
export type RequestKind = 'sign-in' | 'sign-out';

const COOKIES: Record<RequestKind, { prefix: string; path: string; scope: string }> = {
  'sign-in': { prefix: 'replay_sso_', path: '/sso', scope: 'sso-requests' },
  'sign-out': { prefix: 'replay_slo_', path: SSO_SLO_PATH, scope: 'slo-requests' },
};

/** A browser may have a few requests open (tabs, a retry); the newest are kept, older ones are dropped. */
export const MAX_PENDING = 5;
/** Its own name in the used-token file, apart from the console's login token ids. */
const spentKey = (id: string) => `saml-request:${id}`;

interface PendingRequest {
  id: string;
  /** When it was issued (ms): the cookie's entries expire one by one, REQUEST_TTL_MS after. */
  at: number;
  /** The console's 'Test sign-in': recorded, not signed in. Kept here, signed, not trusted from the RelayState. */
  test: boolean;
}

const isPending = (value: unknown): value is PendingRequest => {
  const entry = value as Partial<PendingRequest> | null;
  return typeof entry?.id === 'string' && typeof entry.at === 'number' && typeof entry.test === 'boolean';
};

export class BrowserRequests implements CacheProvider {
  private readonly pending: PendingRequest[];
  private readonly state: AgentState;
  private readonly cookieRule: (typeof COOKIES)[RequestKind];
  /** Whether a request about to be issued is the console's Test sign-in (/sso/login?test=1). */
  private readonly test: boolean;

  /** The `kind` requests the cookie of `req` lists, unexpired and unanswered; a missing, forged or expired cookie lists none. */
  constructor(req: IncomingMessage, state: AgentState, kind: RequestKind, opts: { test?: boolean } = {}) {
    this.state = state;
    this.cookieRule = COOKIES[kind];
    this.test = opts.test ?? false;
    const { instanceId, secret } = state.settings;
    const token = readCookie(req, this.cookieRule.prefix + instanceId);
    const claims = token ? verifyOwnToken(token, secret, { scope: this.cookieRule.scope, aud: instanceId, nowMs: state.now() }) : null;
    const listed = Array.isArray(claims?.pending) ? claims.pending : [];
    this.pending = listed.filter(isPending).filter((entry) => this.isLive(entry));
  }

  private isLive(entry: PendingRequest): boolean {
    return this.state.now() - entry.at < REQUEST_TTL_MS && !this.state.usedTokens.has(spentKey(entry.id));
  }

  /** node-saml, issuing request `key` at `value` (its IssueInstant): noted for the cookie. */
  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    const at = this.state.now();
    this.pending.push({ id: key, at, test: this.test });
    this.pending.splice(0, Math.max(0, this.pending.length - MAX_PENDING));
    return { value, createdAt: at };
  }

  /** node-saml, checking InResponseTo: when the request was issued (node-saml reads a sign-in's age from it), or null if this browser has no such request. */
  async getAsync(key: string): Promise<string | null> {
    const entry = this.pending.find((p) => p.id === key);
    return entry && this.isLive(entry) ? new Date(entry.at).toISOString() : null;
  }

  /** node-saml calls this on some paths and not others: the ACS and /sso/slo spend a request themselves, with take(). */
  async removeAsync(): Promise<string | null> {
    return null;
  }

  /** Spends request `id` once node-saml found its answer valid: what it was for, or null when it is not this browser's or was answered already. */
  take(id: string): { test: boolean } | null {
    const entry = this.pending.find((p) => p.id === id);
    if (!entry || !this.isLive(entry)) return null;
    // Written to disk before the session starts; a second response to the same request finds it spent.
    if (!this.state.usedTokens.consume(spentKey(id), Math.ceil((entry.at + REQUEST_TTL_MS) / 1000))) return null;
    return { test: entry.test };
  }

  /**
   * The Set-Cookie that carries the list to the IdP and back. SameSite=None: the IdP's page posts
   * a sign-in's response cross-site, and a Lax cookie stays behind on a cross-site POST (the same
   * rule for sign-outs, whichever way an IdP's logout pages bring the browser back). None needs
   * Secure, which browsers also set and send over http://localhost and 127.0.0.1 (secure contexts),
   * the origins the agent answers as. Path /sso for sign-ins: /sso/login adds to it, /sso/acs reads
   * it; /sso/slo for sign-outs, the only page that reads it.
   */
  cookie(): string {
    const { instanceId, secret } = this.state.settings;
    const { prefix, path, scope } = this.cookieRule;
    const newest = Math.max(...this.pending.map((p) => p.at));
    const token = signToken({ scope, aud: instanceId, exp: Math.ceil((newest + REQUEST_TTL_MS) / 1000), pending: this.pending }, secret);
    return `${prefix}${instanceId}=${token}; Path=${path}; Max-Age=${REQUEST_TTL_MS / 1000}; HttpOnly; Secure; SameSite=None`;
  }
}
