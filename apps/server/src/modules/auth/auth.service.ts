import { AUTH_MESSAGES, DAY_MS, OWNER_ROLE_NAME, PERMISSIONS, TRIAL_DAYS } from '@replay/contracts';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/context';
import { conflict, tooManyRequests, unauthorized } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { loadPrincipal, type Principal } from '../../lib/principal';
import { authRepo, isUniqueViolation } from './auth.repo';
import { newApiKey, newTenantKey } from './keys';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { throttleRepo, type ThrottleRule } from './throttle.repo';

/** Five failed logins within 15 minutes lock the email (or the address) for 15 minutes. */
export const LOGIN_THROTTLE: ThrottleRule = { maxFailures: 5, windowMs: 15 * 60 * 1000 };

export interface SignupCommand {
  fullname: string;
  organizationName: string;
  email: string;
  password: string;
}

export function createAuthService(deps: { db: Db; clock: Clock }) {
  const users = authRepo(deps.db);
  const throttle = throttleRepo(deps.db);

  return {
    /** A new tenant on a fresh trial, owned by the person signing up. */
    async signup(cmd: SignupCommand): Promise<Principal> {
      if (await users.findByEmail(cmd.email)) throw conflict(AUTH_MESSAGES.emailTaken);
      const passwordHash = await hashPassword(cmd.password);
      const now = deps.clock.now();
      const tenantId = newId();
      const roleId = newId();
      const userId = newId();
      try {
        await users.createAccount({
          tenant: {
            id: tenantId,
            name: cmd.organizationName,
            tenantKey: newTenantKey(),
            apiKey: newApiKey(),
            trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
            createdAt: now,
          },
          ownerRole: {
            id: roleId,
            tenantId,
            name: OWNER_ROLE_NAME,
            description: 'Full access to the account.',
            permissions: [...PERMISSIONS],
            protected: true,
            createdAt: now,
          },
          user: {
            id: userId,
            tenantId,
            email: cmd.email,
            name: cmd.fullname,
            passwordHash,
            admin: true,
            superAdmin: true,
            roleId,
            joinedAt: now,
            createdAt: now,
          },
        });
      } catch (e) {
        // Two sign-ups with one email at once: the unique index decides.
        if (isUniqueViolation(e)) throw conflict(AUTH_MESSAGES.emailTaken);
        throw e;
      }
      return mustLoad(deps.db, userId, tenantId);
    },

    /**
     * Unknown email and wrong password get the same answer after the same
     * work. Failures count per email and per client address; a locked key is
     * refused before the password is even looked at.
     */
    async login(email: string, password: string, clientIp: string): Promise<Principal> {
      const keys = { email: `login:email:${email}`, ip: `login:ip:${clientIp}` };
      const now = deps.clock.now();
      const lockedUntil = await throttle.lockedUntil([keys.email, keys.ip], now);
      if (lockedUntil) {
        const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
        throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, seconds);
      }
      const found = await users.findByEmail(email);
      // Invited people who never joined have no password yet: treated like unknown emails.
      const hash = found?.joined ? found.passwordHash : null;
      const ok = hash ? await verifyPassword(hash, password) : await verifyAgainstDummy(password);
      const principal = ok && found ? await loadPrincipal(deps.db, found.userId, found.tenantId) : null;
      if (!principal) {
        await throttle.recordFailure(keys.email, now, LOGIN_THROTTLE);
        await throttle.recordFailure(keys.ip, now, LOGIN_THROTTLE);
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      await throttle.clear(keys.email);
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
