import type { IncomingMessage } from 'node:http';
import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import { readCookie } from './http.ts';
import { REQUEST_TTL_MS } from './sso-store.ts';
import type { AgentState } from './state.ts';
import { signToken, verifyOwnToken } from './tokens.ts';

/**
 * The sign-ins a browser started, kept in that browser: a cookie signed (HMAC) with the
 * instance's secret lists the AuthnRequest ids issued to it, and the ACS takes a response only
 * when its InResponseTo is one of them. There is no shared cache for a flood of /sso/login to
 * fill or evict (issue 42, point 5), and a response carried to another browser answers nothing
 * there. node-saml is handed this as its cacheProvider: it saves the id it issues and asks for
 * the id a response answers. An answered id is spent in the used-token file, so a response
 * (and the cookie beside it) counts once, across restarts too.
 */

/** A browser may have a few sign-ins open (tabs, a retry); the newest are kept, older ones are dropped. */
export const MAX_PENDING = 5;
const SCOPE = 'sso-requests';
const cookieName = (instanceId: string) => `replay_sso_${instanceId}`;
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
  /** What a request about to be issued is for; only /sso/login issues. */
  private readonly test: boolean;

  /** The requests the cookie of `req` lists, unexpired and unanswered; a missing, forged or expired cookie lists none. */
  constructor(req: IncomingMessage, state: AgentState, opts: { test?: boolean } = {}) {
    this.state = state;
    this.test = opts.test ?? false;
    const { instanceId, secret } = state.settings;
    const token = readCookie(req, cookieName(instanceId));
    const claims = token ? verifyOwnToken(token, secret, { scope: SCOPE, aud: instanceId, nowMs: state.now() }) : null;
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

  /** node-saml, checking InResponseTo: when the request was issued (node-saml reads its age from it), or null if this browser has no such request. */
  async getAsync(key: string): Promise<string | null> {
    const entry = this.pending.find((p) => p.id === key);
    return entry && this.isLive(entry) ? new Date(entry.at).toISOString() : null;
  }

  /** node-saml calls this on some paths and not others: the ACS spends a request itself, with take(). */
  async removeAsync(): Promise<string | null> {
    return null;
  }

  /** Spends request `id` once node-saml found the response valid: what it was for, or null when it is not this browser's or was answered already. */
  take(id: string): { test: boolean } | null {
    const entry = this.pending.find((p) => p.id === id);
    if (!entry || !this.isLive(entry)) return null;
    // Written to disk before the session starts; a second response to the same request finds it spent.
    if (!this.state.usedTokens.consume(spentKey(id), Math.ceil((entry.at + REQUEST_TTL_MS) / 1000))) return null;
    return { test: entry.test };
  }

  /**
   * The Set-Cookie that carries the list to the IdP and back. SameSite=None: the IdP's page posts
   * the response cross-site, and a Lax cookie stays behind on a cross-site POST. None needs Secure,
   * which browsers also set and send over http://localhost and 127.0.0.1 (secure contexts), the
   * origins the agent answers as. Path /sso: /sso/login adds to it, /sso/acs reads it.
   */
  cookie(): string {
    const { instanceId, secret } = this.state.settings;
    const newest = Math.max(...this.pending.map((p) => p.at));
    const token = signToken({ scope: SCOPE, aud: instanceId, exp: Math.ceil((newest + REQUEST_TTL_MS) / 1000), pending: this.pending }, secret);
    return `${cookieName(instanceId)}=${token}; Path=/sso; Max-Age=${REQUEST_TTL_MS / 1000}; HttpOnly; Secure; SameSite=None`;
  }
}
