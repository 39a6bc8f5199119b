import { AUTH_MESSAGES, type PasswordChange } from '@replay/contracts';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { RATE_RULES, rateKeys, rateLimiter } from '../../lib/rate-limit';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password-hash';
import type { SessionService } from '../auth/session.service';
import { accountRepo } from './account.repo';
import { emitEvent } from '../../events/emit';
import type { Clock } from '../../lib/time';

/**
 * Changing the password proves the old one first. The device that made the
 * change stays signed in; every other session is revoked, since a changed
 * password often means someone else had the old one.
 */
export function createPasswordChangeService(deps: { db: Db; clock: Clock; sessions: Pick<SessionService, 'revokeAllFor'> }) {
  const repo = accountRepo(deps.db);
  const limits = rateLimiter(deps);
  return {
    async change(p: Principal, input: PasswordChange): Promise<void> {
      // Counted before the check, like logins: a stolen session cannot guess the old password quickly.
      const key = rateKeys.passwordChange(p.userId);
      await limits.hit([{ key, rule: RATE_RULES.passwordChange }], AUTH_MESSAGES.tooManyAttempts);
      const stored = await repo.passwordHash(p.tenantId, p.userId);
      const ok = stored ? await verifyPassword(stored, input.oldPassword) : await verifyAgainstDummy(input.oldPassword);
      if (!ok) throw badRequest(AUTH_MESSAGES.wrongOldPassword);
      await limits.clear(key);
      const passwordHash = await hashPassword(input.newPassword);
      await deps.db.transaction(async (tx) => {
        await accountRepo(tx).setPasswordHash(p.tenantId, p.userId, passwordHash);
        const actor = { userId: p.userId, name: p.name };
        await emitEvent(tx, { type: 'account.password_changed', tenantId: p.tenantId, actor, at: deps.clock.now().getTime(), userId: p.userId, via: 'change' });
      });
      await deps.sessions.revokeAllFor(p.userId, p.sessionId ?? undefined);
    },
  };
}
