import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from './errors';
import type { Clock } from './time';

/** At most `limit` attempts per fixed window of `windowMs`, starting at the window's first attempt. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

export const MINUTE_MS = 60_000;

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Attempt counters in the database, so that every console process agrees.
 * An attempt is counted by one atomic upsert *before* the work it guards
 * (a password hash check, a mail, an account): of any number of concurrent
 * attempts, only the first `limit` get through, whatever the concurrency.
 */
export function rateLimiter(deps: { db: Db; clock: Clock }) {
  /** Counts one attempt on `key`; the count within the current window and when the window ends. */
  async function count(key: string, rule: RateRule): Promise<{ count: number; resetAt: Date }> {
    const now = deps.clock.now();
    const stale = sql`${rateLimits.windowStartedAt} <= ${ts(new Date(now.getTime() - rule.windowMs))}`;
    const [row] = await deps.db
      .insert(rateLimits)
      .values({ key, count: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${stale} then 1 else ${rateLimits.count} + 1 end`,
          windowStartedAt: sql`case when ${stale} then ${ts(now)} else ${rateLimits.windowStartedAt} end`,
        },
      })
      .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
    return { count: row!.count, resetAt: new Date(row!.windowStartedAt.getTime() + rule.windowMs) };
  }

  return {
    count,

    /**
     * Counts one attempt on each key, in order; the first key over its limit
     * refuses the attempt with 429 and a Retry-After of the time its window
     * has left (later keys are then not counted).
     */
    async hit(checks: readonly { key: string; rule: RateRule }[], message: string): Promise<void> {
      for (const { key, rule } of checks) {
        const { count: n, resetAt } = await count(key, rule);
        if (n > rule.limit) {
          const seconds = Math.max(1, Math.ceil((resetAt.getTime() - deps.clock.now().getTime()) / 1000));
          throw tooManyRequests(message, seconds);
        }
      }
    },

    /** The attempts counted on `key` in its current window (0 when none or the window is over). */
    async current(key: string, rule: RateRule): Promise<number> {
      const [row] = await deps.db.select().from(rateLimits).where(eq(rateLimits.key, key));
      if (!row || row.windowStartedAt.getTime() + rule.windowMs <= deps.clock.now().getTime()) return 0;
      return row.count;
    },

    /** Takes back one attempt (a success that should not count against a shared address). */
    async undo(key: string): Promise<void> {
      await deps.db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(eq(rateLimits.key, key));
    },

    /** Forgets counters whose window started before `before` (every window is at most an hour). */
    async purge(before: Date): Promise<void> {
      await deps.db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, before));
    },

    /** Forgets every attempt on `key`. */
    async clear(key: string): Promise<void> {
      await deps.db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;

const HOUR_MS = 60 * MINUTE_MS;

/**
 * Every limit on attempts, in one place. Keys name what is counted: a client
 * address, an account (its lowercased email) or a signed-in user.
 */
export const RATE_RULES = {
  /** Login attempts from one address, whatever the account: credential stuffing from one place. */
  loginFromAddress: { limit: 30, windowMs: 15 * MINUTE_MS },
  /** Login attempts on one account from one address. */
  loginAccountFromAddress: { limit: 5, windowMs: 15 * MINUTE_MS },
  /**
   * Failed logins on one account from anywhere: at the limit the account is
   * under attack, and each address gets one attempt per window on it. The
   * account itself is never locked, so its owner's right password from an
   * address that has not failed still works.
   */
  loginAccountFailures: { limit: 20, windowMs: 15 * MINUTE_MS },
  loginAccountFromAddressUnderAttack: { limit: 1, windowMs: 15 * MINUTE_MS },
  /** Old-password checks of one signed-in user. */
  passwordChange: { limit: 5, windowMs: 15 * MINUTE_MS },
  /** Second-factor codes (TOTP or recovery) tried from one address, whoever for: as passwords. */
  mfaCodeFromAddress: { limit: 30, windowMs: 15 * MINUTE_MS },
  /** Second-factor codes tried for one member from one address: as passwords. */
  mfaCodeUserFromAddress: { limit: 5, windowMs: 15 * MINUTE_MS },
  /**
   * Second-factor codes tried for one member from anywhere (issue 42): whoever holds the password
   * cannot rotate addresses for more guesses. A success takes its attempt back; past the limit the
   * member's second step waits for the window, from every address (the holder of the password is
   * the one who could have caused it).
   */
  mfaCodeUser: { limit: 10, windowMs: 15 * MINUTE_MS },
  /** Codes tried on one sign-in's second step: the failure that reaches the limit ends it, and the password is asked again. It lives 5 minutes. */
  mfaChallengeTries: { limit: 5, windowMs: 5 * MINUTE_MS },
  /** Sign-ups from one address (each makes an account, and may start an instance). */
  signupFromAddress: { limit: 10, windowMs: HOUR_MS },
  /** Reset-link requests from one address (each may send a mail). */
  resetMailFromAddress: { limit: 10, windowMs: HOUR_MS },
  /** Reset-link redemptions and invitation acceptances from one address (each hashes a password). */
  linkUseFromAddress: { limit: 10, windowMs: 15 * MINUTE_MS },
  /** Cards sent to the offline tokenizer from one address: enough for typos, too few to test stolen numbers. */
  cardTokensFromAddress: { limit: 20, windowMs: HOUR_MS },
  /** Single sign-on starts from one address (each writes a short-lived row and may call the IdP's discovery). */
  ssoStartFromAddress: { limit: 30, windowMs: 15 * MINUTE_MS },
  /** Domain-claim codes mailed for one account (each sends a mail to an address outside it). */
  ssoDomainMails: { limit: 10, windowMs: HOUR_MS },
  /** Domain-claim codes tried for one account: an 8-digit code gets no more guesses than a password. */
  ssoDomainCodeTries: { limit: 10, windowMs: 15 * MINUTE_MS },
  /** SAML logout messages from one browser's address (each may verify a signature): a person signs out a few times. */
  ssoLogoutFromAddress: { limit: 60, windowMs: 15 * MINUTE_MS },
  /** OIDC back-channel logout tokens from one address (an IdP's server; each may fetch its keys): room for a busy IdP. */
  ssoBackchannelFromAddress: { limit: 600, windowMs: 15 * MINUTE_MS },
} as const satisfies Record<string, RateRule>;

/** Counter keys; emails are compared lowercased everywhere. */
export const rateKeys = {
  loginFromAddress: (ip: string) => `login:ip:${ip}`,
  loginAccountFromAddress: (email: string, ip: string) => `login:account-ip:${email.toLowerCase()}|${ip}`,
  loginAccountFailures: (email: string) => `login:account:${email.toLowerCase()}`,
  passwordChange: (userId: string) => `password-change:user:${userId}`,
  mfaCodeFromAddress: (ip: string) => `mfa-code:ip:${ip}`,
  mfaCodeUserFromAddress: (userId: string, ip: string) => `mfa-code:user-ip:${userId}|${ip}`,
  mfaCodeUser: (userId: string) => `mfa-code:user:${userId}`,
  mfaChallengeTries: (challengeId: string) => `mfa-code:challenge:${challengeId}`,
  signupFromAddress: (ip: string) => `signup:ip:${ip}`,
  resetMailFromAddress: (ip: string) => `reset-mail:ip:${ip}`,
  linkUseFromAddress: (ip: string) => `link-use:ip:${ip}`,
  cardTokensFromAddress: (ip: string) => `card-tokens:ip:${ip}`,
  ssoStartFromAddress: (ip: string) => `sso-start:ip:${ip}`,
  ssoDomainMails: (tenantId: string) => `sso-domain-mail:tenant:${tenantId}`,
  ssoDomainCodeTries: (tenantId: string) => `sso-domain-code:tenant:${tenantId}`,
  ssoLogoutFromAddress: (ip: string) => `sso-logout:ip:${ip}`,
  ssoBackchannelFromAddress: (ip: string) => `sso-backchannel:ip:${ip}`,
};
