import { AUTH_MESSAGES, strongPasswordSchema } from '@replay/contracts';
import type { Db } from '../../db/client';
import { conflict, unauthorized } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { loadPrincipal, type Principal } from '../../lib/principal';
import { RATE_RULES, rateKeys, rateLimiter } from '../../lib/rate-limit';
import { isUniqueViolation } from '../../lib/db-errors';
import { authRepo } from './auth.repo';
import { emitEvent } from '../../events/emit';
import { newAccountOf, type SignupCommand } from './new-account';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password-hash';
import type { Clock } from '../../lib/time';

export type { SignupCommand } from './new-account';

export function createAuthService(deps: { db: Db; clock: Clock }) {
  const users = authRepo(deps.db);
  const limits = rateLimiter(deps);

  return {
    /** A new tenant on a fresh trial, owned by the person signing up. */
    async signup(cmd: SignupCommand, clientIp: string): Promise<Principal> {
      await limits.hit([{ key: rateKeys.signupFromAddress(clientIp), rule: RATE_RULES.signupFromAddress }], AUTH_MESSAGES.tooManyRequests);
      if (await users.findByEmail(cmd.email)) throw conflict(AUTH_MESSAGES.emailTaken);
      const tenantId = cmd.tenantId ?? newId();
      if (cmd.tenantId && (await users.tenantExists(cmd.tenantId))) throw conflict(AUTH_MESSAGES.accountIdTaken);
      const passwordHash = await hashPassword(cmd.password);
      const now = deps.clock.now();
      const roleId = newId();
      const userId = newId();
      try {
        // The account and its event commit together (createAccount's own transaction nests in this one).
        await deps.db.transaction(async (tx) => {
          await authRepo(tx).createAccount(newAccountOf(cmd, { tenantId, roleId, userId }, passwordHash, now));
          await emitEvent(tx, {
            type: 'account.created',
            tenantId,
            actor: { userId, name: cmd.fullname },
            at: now.getTime(),
            tenantName: cmd.organizationName,
            owner: { id: userId, name: cmd.fullname, email: cmd.email },
          });
        });
      } catch (e) {
        // Two sign-ups with one email (or one chosen id) at once: the unique index decides.
        if (isUniqueViolation(e)) throw conflict(cmd.tenantId && (await users.tenantExists(cmd.tenantId)) ? AUTH_MESSAGES.accountIdTaken : AUTH_MESSAGES.emailTaken);
        throw e;
      }
      return mustLoad(deps.db, userId, tenantId);
    },

    /**
     * Unknown email and wrong password get the same answer after the same
     * work. Each attempt is counted before the password is looked at, per
     * address and per (account, address), so no concurrency gets more checks
     * than the limit; an account under attack from many addresses gets one
     * attempt per address, and is never locked for an address that has not
     * failed (see RATE_RULES).
     */
    async login(email: string, password: string, clientIp: string): Promise<Principal> {
      const pairKey = rateKeys.loginAccountFromAddress(email, clientIp);
      const addressKey = rateKeys.loginFromAddress(clientIp);
      const accountKey = rateKeys.loginAccountFailures(email);
      const underAttack = (await limits.current(accountKey, RATE_RULES.loginAccountFailures)) >= RATE_RULES.loginAccountFailures.limit;
      await limits.hit(
        [
          { key: addressKey, rule: RATE_RULES.loginFromAddress },
          { key: pairKey, rule: underAttack ? RATE_RULES.loginAccountFromAddressUnderAttack : RATE_RULES.loginAccountFromAddress },
        ],
        AUTH_MESSAGES.tooManyAttempts,
      );
      const found = await users.findByEmail(email);
      // Invited people who never joined have no password yet: treated like unknown emails.
      const hash = found?.joined ? found.passwordHash : null;
      const ok = hash ? await verifyPassword(hash, password) : await verifyAgainstDummy(password);
      // A password set before the strength rule (or under a weaker one) still signs in, and must then be changed.
      if (ok && found && !strongPasswordSchema.safeParse(password).success) await users.requirePasswordChange(found.userId);
      const principal = ok && found ? await loadPrincipal(deps.db, found.userId, found.tenantId) : null;
      if (!principal) {
        await limits.count(accountKey, RATE_RULES.loginAccountFailures);
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      // A success does not count against the address (an office behind one address) nor the pair.
      await limits.clear(pairKey);
      await limits.undo(addressKey);
      return principal;
    },
  };
}

async function mustLoad(db: Db, userId: string, tenantId: string): Promise<Principal> {
  const principal = await loadPrincipal(db, userId, tenantId);
  if (!principal) throw new Error(`user ${userId} vanished right after it was written`);
  return principal;
}

export type AuthService = ReturnType<typeof createAuthService>;
