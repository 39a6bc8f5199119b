import { AUTH_MESSAGES, type PasswordChange } from '@replay/contracts';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password';
import type { SessionService } from '../auth/session.service';
import { accountRepo } from './account.repo';

/**
 * Changing the password proves the old one first. The device that made the
 * change stays signed in; every other session is revoked, since a changed
 * password often means someone else had the old one.
 */
export function createPasswordChangeService(deps: { db: Db; sessions: Pick<SessionService, 'familyOf' | 'revokeAllFor'> }) {
  const repo = accountRepo(deps.db);
  return {
    async change(p: Principal, input: PasswordChange, refreshToken: string | undefined): Promise<void> {
      const stored = await repo.passwordHash(p.tenantId, p.userId);
      const ok = stored ? await verifyPassword(stored, input.oldPassword) : await verifyAgainstDummy(input.oldPassword);
      if (!ok) throw badRequest(AUTH_MESSAGES.wrongOldPassword);
      await repo.setPasswordHash(p.tenantId, p.userId, await hashPassword(input.newPassword));
      const keep = await deps.sessions.familyOf(refreshToken, p.userId);
      await deps.sessions.revokeAllFor(p.userId, keep ?? undefined);
    },
  };
}
