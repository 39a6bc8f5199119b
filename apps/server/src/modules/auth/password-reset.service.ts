import { AUTH_MESSAGES } from '@replay/contracts';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { hashToken, newId, newSecretToken } from '../../lib/ids';
import { loadPrincipal, type Principal } from '../../lib/principal';
import { RATE_RULES, rateKeys, rateLimiter } from '../../lib/rate-limit';
import type { Mailer } from '../../mail/mailer';
import { passwordResetMail } from '../../mail/templates';
import { authRepo } from './auth.repo';
import { hashPassword } from '../../lib/password-hash';
import { passwordResetRepo } from './password-reset.repo';
import { emitEvent } from '../../events/emit';
import type { SessionService } from './session.service';
import type { Clock } from '../../lib/time';

/** A reset link works once, for one hour; at most five are mailed to one account an hour. */
export const RESET_LINK = { lifetimeMs: 60 * 60 * 1000, maxPerWindow: 5, windowMs: 60 * 60 * 1000 };

export interface PasswordResetDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  productName: string;
  sessions: Pick<SessionService, 'revokeAllFor'>;
}

export function createPasswordResetService(deps: PasswordResetDeps) {
  const resets = passwordResetRepo(deps.db);
  const users = authRepo(deps.db);
  const limits = rateLimiter(deps);

  return {
    /**
     * The caller learns nothing either way: unknown emails, invited people
     * who never joined and throttled accounts all get the same answer, and
     * simply no mail. One address may ask only so often, whoever for.
     */
    async requestLink(email: string, clientIp: string): Promise<void> {
      await limits.hit([{ key: rateKeys.resetMailFromAddress(clientIp), rule: RATE_RULES.resetMailFromAddress }], AUTH_MESSAGES.tooManyRequests);
      const user = await users.findByEmail(email);
      if (!user?.joined) return;
      const now = deps.clock.now();
      const recent = await resets.countSince(user.userId, new Date(now.getTime() - RESET_LINK.windowMs));
      if (recent >= RESET_LINK.maxPerWindow) return;
      const token = newSecretToken();
      const link = `${deps.publicUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
      // The link and its mail commit together; the mail is sent after the commit, off the request.
      await deps.db.transaction(async (tx) => {
        await passwordResetRepo(tx).insert({
          id: newId(),
          userId: user.userId,
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + RESET_LINK.lifetimeMs),
          createdAt: now,
        });
        await deps.mailer.queue(tx, passwordResetMail({ to: user.email, productName: deps.productName, link, validMinutes: RESET_LINK.lifetimeMs / 60_000 }));
      });
    },

    /** Whether the mailed link still works, for its page to say so before a password is typed: the same 404 for every link that does not. */
    async check(token: string): Promise<{ expiresAt: number }> {
      const until = await resets.usableUntil(hashToken(token), deps.clock.now());
      if (!until) throw notFound(AUTH_MESSAGES.resetTokenInvalid);
      return { expiresAt: until.getTime() };
    },

    /** Sets the new password and signs every existing session out; the caller then starts a fresh one. */
    async reset(token: string, password: string, clientIp: string): Promise<Principal> {
      await limits.hit([{ key: rateKeys.linkUseFromAddress(clientIp), rule: RATE_RULES.linkUseFromAddress }], AUTH_MESSAGES.tooManyRequests);
      const passwordHash = await hashPassword(password);
      const now = deps.clock.now();
      const user = await deps.db.transaction(async (tx) => {
        const redeemed = await passwordResetRepo(tx).redeem(hashToken(token), now, passwordHash);
        if (redeemed) {
          const actor = { userId: redeemed.userId, name: redeemed.name };
          await emitEvent(tx, { type: 'account.password_changed', tenantId: redeemed.tenantId, actor, at: now.getTime(), userId: redeemed.userId, via: 'reset' });
        }
        return redeemed;
      });
      const principal = user ? await loadPrincipal(deps.db, user.userId, user.tenantId) : null;
      if (!principal) throw badRequest(AUTH_MESSAGES.resetTokenInvalid);
      await deps.sessions.revokeAllFor(principal.userId);
      return principal;
    },
  };
}
