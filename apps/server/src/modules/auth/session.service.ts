import { DAY_MS } from '@replay/contracts';
import type { Db } from '../../db/client';
import { signAccessToken, verifyAccessToken } from '../../lib/access-token';
import type { AppContext } from '../../platform/context';
import { sessionExpired } from '../../lib/errors';
import { hashToken, newId, newSecretToken } from '../../lib/ids';
import { loadCaller, loadPrincipal, type Principal } from '../../lib/principal';
import { refreshRepo, type StoredRefreshToken } from './refresh.repo';
import type { Clock } from '../../lib/time';

export interface SessionDeps {
  db: Db;
  clock: Clock;
  jwtSecret: Uint8Array;
  accessTtlSeconds: number;
  refreshTtlDays: number;
}

export const sessionDepsOf = (ctx: AppContext): SessionDeps => ({
  db: ctx.db,
  clock: ctx.clock,
  jwtSecret: ctx.secrets.jwtSecret,
  accessTtlSeconds: ctx.env.ACCESS_TOKEN_TTL_SECONDS,
  refreshTtlDays: ctx.env.REFRESH_TOKEN_TTL_DAYS,
});

/** What a sign-in hands out: the bearer token, and the refresh secret for the cookie. */
export interface IssuedSession {
  jwt: string;
  refreshToken: string;
  principal: Principal;
}

/**
 * How long a just-spent refresh token is still honoured: two tabs (or a
 * retried request) refreshing at the same moment both present it, and the
 * one that loses must not log the user out. Well-known identity providers
 * allow the same (a "reuse interval" of seconds); after it, a spent token
 * presented again is a copy and ends the session.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/**
 * Sessions: one row per sign-in (its id is the access token's `sid`), a
 * short-lived access JWT, and a chain of single-use refresh tokens. Revoking
 * the session ends both: the guard's principal read checks it on every
 * request, on every console process.
 */
export function createSessionService(deps: SessionDeps) {
  const repo = refreshRepo(deps.db);

  async function issue(principal: Principal, sessionId: string): Promise<IssuedSession> {
    const now = deps.clock.now();
    const refreshToken = newSecretToken();
    await repo.insert({
      id: newId(),
      userId: principal.userId,
      familyId: sessionId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(now.getTime() + deps.refreshTtlDays * DAY_MS),
      createdAt: now,
    });
    const jwt = await signAccessToken({ ...principal, sessionId }, deps.jwtSecret, deps.accessTtlSeconds, now);
    return { jwt, refreshToken, principal: { ...principal, sessionId } };
  }

  /** Whether a spent token may still be exchanged: only within the grace after it was spent. */
  async function withinGrace(stored: StoredRefreshToken, now: Date): Promise<boolean> {
    // Lost the claim to a concurrent rotation: the winner's time decides.
    const usedAt = stored.usedAt ?? (await repo.usedAt(stored.id));
    return usedAt !== null && now.getTime() - usedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
  }

  return {
    /** A new session for a user who just proved who they are. */
    async start(principal: Principal): Promise<IssuedSession> {
      const sessionId = newId();
      await repo.insertSession({ id: sessionId, userId: principal.userId, createdAt: deps.clock.now() });
      return issue(principal, sessionId);
    },

    async rotate(refreshToken: string | undefined): Promise<IssuedSession> {
      if (!refreshToken) throw sessionExpired();
      const now = deps.clock.now();
      const stored = await repo.findByHash(hashToken(refreshToken));
      if (!stored || stored.sessionRevoked || stored.expiresAt.getTime() <= now.getTime()) throw sessionExpired();
      const claimed = stored.usedAt === null && (await repo.claim(stored.id, now));
      if (!claimed && !(await withinGrace(stored, now))) {
        await repo.revokeSession(stored.familyId, now);
        throw sessionExpired();
      }
      const principal = await loadPrincipal(deps.db, stored.userId, stored.tenantId);
      if (!principal) {
        await repo.revokeSession(stored.familyId, now);
        throw sessionExpired();
      }
      return issue(principal, stored.familyId);
    },

    /** Logout: the cookie's session ends (its access tokens with it), whatever state its token is in. Its id, or null when the cookie held none. */
    async end(refreshToken: string | undefined): Promise<string | null> {
      const stored = refreshToken ? await repo.findByHash(hashToken(refreshToken)) : null;
      if (stored) await repo.revokeSession(stored.familyId, deps.clock.now());
      return stored?.familyId ?? null;
    },

    /**
     * One session ends by its id (single logout: the IdP said its session ended). The row is the
     * record every console process reads: the guard refuses its access tokens, rotation its refresh token.
     * Whether it was live until now (the trail counts the sessions a logout really ended).
     */
    async revoke(sessionId: string): Promise<boolean> {
      return repo.revokeSession(sessionId, deps.clock.now());
    },

    /**
     * Logout with an access token (an API client, the spec's calls, which send no cookie): the
     * token's session ends, so the token stops working at once. Its caller, for the trail; null
     * for a token that is not a live one of ours (nothing to end).
     */
    async endByAccessToken(accessToken: string): Promise<Principal | null> {
      const now = deps.clock.now();
      const claims = await verifyAccessToken(accessToken, deps.jwtSecret, now);
      if (!claims) return null;
      const caller = await loadCaller(deps.db, claims);
      if (caller) await repo.revokeSession(claims.sessionId, now);
      return caller;
    },

    /** After a password change or reset, or removal: every other session ends at once. */
    async revokeAllFor(userId: string, keepSessionId?: string): Promise<void> {
      await repo.revokeUserSessions(userId, deps.clock.now(), keepSessionId);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
