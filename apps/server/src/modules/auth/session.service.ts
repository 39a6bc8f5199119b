import { AUTH_MESSAGES, DAY_MS } from '@replay/contracts';
import type { Db } from '../../db/client';
import { signAccessToken } from '../../lib/access-token';
import type { AppContext, Clock } from '../../lib/context';
import { unauthorized } from '../../lib/errors';
import { hashToken, newId, newSecretToken } from '../../lib/ids';
import { loadPrincipal, type Principal } from '../../lib/principal';
import { refreshRepo } from './refresh.repo';

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

const expired = () => unauthorized(AUTH_MESSAGES.sessionExpired);

/**
 * Sessions: a short-lived access JWT plus a single-use refresh token. Each
 * sign-in starts a chain (family); every refresh spends the presented token
 * and adds the next one to the chain. A spent token presented again means it
 * was copied, so the whole chain is revoked.
 */
export function createSessionService(deps: SessionDeps) {
  const repo = refreshRepo(deps.db);

  async function issue(principal: Principal, familyId: string): Promise<IssuedSession> {
    const now = deps.clock.now();
    const refreshToken = newSecretToken();
    await repo.insert({
      id: newId(),
      userId: principal.userId,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(now.getTime() + deps.refreshTtlDays * DAY_MS),
      createdAt: now,
    });
    const jwt = await signAccessToken(principal, deps.jwtSecret, deps.accessTtlSeconds, now);
    return { jwt, refreshToken, principal };
  }

  return {
    /** A new chain for a user who just proved who they are. */
    start(principal: Principal): Promise<IssuedSession> {
      return issue(principal, newId());
    },

    async rotate(refreshToken: string | undefined): Promise<IssuedSession> {
      if (!refreshToken) throw expired();
      const now = deps.clock.now();
      const stored = await repo.findByHash(hashToken(refreshToken));
      if (!stored || stored.revokedAt || stored.familyRevoked) throw expired();
      if (stored.usedAt) {
        await repo.revokeFamily(stored.familyId, now);
        throw expired();
      }
      if (stored.expiresAt.getTime() <= now.getTime()) throw expired();
      // Losing the race to a concurrent request with the same token is a reuse too.
      if (!(await repo.claim(stored.id, now))) {
        await repo.revokeFamily(stored.familyId, now);
        throw expired();
      }
      const principal = await loadPrincipal(deps.db, stored.userId, stored.tenantId);
      if (!principal) {
        await repo.revokeFamily(stored.familyId, now);
        throw expired();
      }
      return issue(principal, stored.familyId);
    },

    /** Logout: the cookie's chain ends, whatever state its token is in. */
    async end(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const stored = await repo.findByHash(hashToken(refreshToken));
      if (stored) await repo.revokeFamily(stored.familyId, deps.clock.now());
    },

    /** The chain a cookie belongs to, when it is this user's. */
    async familyOf(refreshToken: string | undefined, userId: string): Promise<string | null> {
      if (!refreshToken) return null;
      const stored = await repo.findByHash(hashToken(refreshToken));
      return stored && stored.userId === userId ? stored.familyId : null;
    },

    /** After a password change or reset: every other device has to sign in again. */
    async revokeAllFor(userId: string, keepFamilyId?: string): Promise<void> {
      await repo.revokeUserFamilies(userId, deps.clock.now(), keepFamilyId);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
